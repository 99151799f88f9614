//! The global allocator of the binary and the benches: mimalloc, asked for an alignment
//! only when its plain allocation does not already give it.
//!
//! The `mimalloc` crate's `MiMalloc` calls `mi_malloc_aligned` / `mi_realloc_aligned` for
//! every request, also for the alignments of 1 to 8 bytes nearly all of Rust's allocations
//! ask for (strings, byte vectors, boxes of word-aligned structs), which every mimalloc block
//! already has: block sizes are whole machine words and pages start word-aligned, the rule
//! mimalloc's own `mi_realloc_aligned` uses to fall back to `mi_realloc`
//! (`alignment <= sizeof(uintptr_t)`, `alloc-aligned.c`). The aligned entry points check
//! the alignment (a power of two, the free block's address) on every call; for those
//! requests [`MiAlloc`] calls `mi_malloc` / `mi_zalloc` / `mi_realloc` instead, and the
//! aligned ones for larger alignments (hashbrown's 16-byte control groups, `#[repr(align)]`
//! types), exactly as `MiMalloc` does. `mi_free` frees both kinds (docs/performance.md,
//! session 20: the allocator's instructions per proxied request).
//!
//! A `GlobalAlloc` cannot be implemented without `unsafe`. The crate's other `unsafe` blocks
//! are two SSE2 loads of 16 bytes (`src/model/json.rs`, the JSON string scan, and
//! `src/record/event_de.rs`, the recording reader's string scan), the AVX2 loads of 32 bytes
//! of the recorder's secret pre-filter (`src/record/redact.rs`, `may_hold_secret_avx2`), the
//! JSON parser's move of a closed object's members into their own exact-size `Vec`
//! (`src/model/json.rs`, `take_tail`) and one `clock_gettime` call
//! (`src/record/writer.rs`), each with its SAFETY note. The library
//! does not use this allocator: its tests, valgrind and the AddressSanitizer fuzz targets
//! (`fuzz/README.md`) see the system's.
//! This file is a module of `src/main.rs` and included by the benches (`#[path]`), not part
//! of the library.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc,
    mi_zalloc_aligned,
};

/// The largest alignment, bytes, that every block `mi_malloc` returns has: one machine word.
const WORD: usize = std::mem::size_of::<usize>();

/// mimalloc as the global allocator (`#[global_allocator] static A: MiAlloc = MiAlloc;`).
pub struct MiAlloc;

// SAFETY: every block comes from mimalloc and goes back to it: `mi_free` and `mi_realloc*`
// accept blocks of both its plain and aligned entry points; each call below returns null
// or a block of at least `layout.size()` bytes aligned to `layout.align()` (see each).
unsafe impl GlobalAlloc for MiAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: any size is accepted; the block is word-aligned, so aligned enough.
            unsafe { mi_malloc(layout.size()) as *mut u8 }
        } else {
            // SAFETY: `Layout` guarantees a power-of-two alignment, as mimalloc requires.
            unsafe { mi_malloc_aligned(layout.size(), layout.align()) as *mut u8 }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: as in `alloc`; the block is zeroed.
            unsafe { mi_zalloc(layout.size()) as *mut u8 }
        } else {
            // SAFETY: as in `alloc`; the block is zeroed.
            unsafe { mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8 }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: the caller passes a block this allocator returned and does not use it again.
        unsafe { mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: `ptr` is a live block of this allocator (the caller's contract); the
            // new block is word-aligned and keeps the old contents up to the smaller size.
            unsafe { mi_realloc(ptr as *mut c_void, new_size) as *mut u8 }
        } else {
            // SAFETY: as above, with the block's power-of-two alignment kept.
            unsafe { mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8 }
        }
    }
}

#[cfg(test)]
mod tests {
    /// Every alignment from 1 to 4096 and sizes around mimalloc's bin edges, not multiples
    /// of the alignment too (`Layout` allows 24 bytes at 16): each block is aligned, holds
    /// its bytes through a grow and a shrink, and zeroed blocks are zero.
    #[test]
    fn blocks_are_aligned_and_keep_their_bytes() {
        // imports here, not at the module: the benches include this file with `cfg(test)`
        // set but no test harness, and would warn of an unused import
        use super::MiAlloc;
        use std::alloc::{GlobalAlloc, Layout};
        let a = MiAlloc;
        for shift in 0..=12 {
            let align = 1usize << shift;
            for size in [
                1usize, 7, 8, 9, 15, 16, 17, 24, 40, 48, 100, 1000, 5000, 70_000,
            ] {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a non-zero size; each block is written within its size, then freed once.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    for i in 0..size {
                        *p.add(i) = (i % 251) as u8;
                    }
                    let grown = a.realloc(p, layout, size * 3);
                    assert_eq!(grown as usize % align, 0, "grown {size} align {align}");
                    for i in 0..size {
                        assert_eq!(*grown.add(i), (i % 251) as u8);
                    }
                    let big = Layout::from_size_align(size * 3, align).unwrap();
                    let shrunk = a.realloc(grown, big, size.div_ceil(2));
                    assert_eq!(shrunk as usize % align, 0, "shrunk {size} align {align}");
                    for i in 0..size.div_ceil(2) {
                        assert_eq!(*shrunk.add(i), (i % 251) as u8);
                    }
                    a.dealloc(
                        shrunk,
                        Layout::from_size_align(size.div_ceil(2), align).unwrap(),
                    );
                    let z = a.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0, "zeroed {size} align {align}");
                    assert!((0..size).all(|i| *z.add(i) == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
