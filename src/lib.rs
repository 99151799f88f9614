/*!
a2a-interop: see and prove Agent2Agent (A2A) protocol interoperability.

Data flows one way (DESIGN.md):

```text
 wire ──► proxy (hyper tee) ──► Event stream ──┬──► recorder (JSONL writer)
                                               └──► verifier (sans-IO) ──► findings ──► report
 file (recording | transcript | HAR) ──► reader ──► Event stream ──► verifier (same code)
```
*/

pub mod app;
pub mod cli;
#[doc(hidden)]
pub mod fuzz_targets;
pub mod model;
pub mod probe;
pub mod proxy;
pub mod record;
pub mod refagent;
pub mod report;
pub mod verify;
