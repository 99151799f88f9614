//! cargo-fuzz target `secret_scan`: see `a2a_interop::fuzz_targets::secret_scan` for the checks.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    a2a_interop::fuzz_targets::secret_scan(data);
});
