//! Reference A2A agent (Rust), used by `demo` and tests. Not built yet.
