//! cargo-fuzz target `coding`: see `a2a_interop::fuzz_targets::coding` for the input shape.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    a2a_interop::fuzz_targets::coding(data);
});
