//! cargo-fuzz target `json_model`: see `a2a_interop::fuzz_targets::json_model` for the input shape.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    a2a_interop::fuzz_targets::json_model(data);
});
