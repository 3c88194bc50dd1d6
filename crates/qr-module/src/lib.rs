//! The QR encoder behind a plain wasm interface, for `static/qr.js`: the page asks [`input`] for room
//! for the link's UTF-8 bytes and writes them there, calls [`encode`], and reads the symbol's path
//! ([`output`], [`output_len`]) — no JavaScript glue, and on wasm no standard library (its panic and
//! formatting machinery would outweigh the encoder), so the module is the encoder, an allocator and
//! these few lines.

#![cfg_attr(all(target_arch = "wasm32", not(test)), no_std)]

extern crate alloc;

use alloc::string::String;

/// Encodes `input` (level M, raised where it fits for free; L when only L holds it) into `path`
/// (the symbol's SVG path, `QrCode::svg_path`); returns the symbol's width in modules, or 0 (and an
/// empty path) when the input is too long for any QR code.
pub fn encode_into(input: &[u8], path: &mut String) -> u32 {
    match qr_code::encode(input) {
        Ok(code) => {
            *path = code.svg_path();
            code.size()
        }
        Err(_) => {
            path.clear();
            0
        }
    }
}

// Not in a test build for wasm32, which brings std and its panic handler.
#[cfg(all(target_arch = "wasm32", not(test)))]
mod exports {
    //! The module's exports over one input and one output buffer.

    use alloc::string::String;
    use alloc::vec::Vec;
    use core::cell::RefCell;

    /// A value of the module's one thread.
    struct Single<T>(RefCell<T>);

    // SAFETY: a wasm instance built without atomics has one thread; nothing is shared.
    unsafe impl<T> Sync for Single<T> {}

    /// The bytes to encode, written by the page.
    static INPUT: Single<Vec<u8>> = Single(RefCell::new(Vec::new()));
    /// The last symbol's path.
    static OUTPUT: Single<String> = Single(RefCell::new(String::new()));

    // SAFETY: one thread, and nothing else claims the memory talc grows into.
    #[global_allocator]
    static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

    /// A panic (a bug) stops the call: the page sees the trap and says the code could not be drawn.
    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        core::arch::wasm32::unreachable()
    }

    /// Room for `len` bytes to encode: the address the page writes them to, valid until the next
    /// call.
    #[no_mangle]
    pub extern "C" fn input(len: usize) -> *mut u8 {
        let mut input = INPUT.0.borrow_mut();
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    }

    /// Encodes the input ([`super::encode_into`]); the symbol's width in modules, or 0.
    #[no_mangle]
    pub extern "C" fn encode() -> u32 {
        super::encode_into(&INPUT.0.borrow(), &mut OUTPUT.0.borrow_mut())
    }

    /// Where the last symbol's path is.
    #[no_mangle]
    pub extern "C" fn output() -> *const u8 {
        OUTPUT.0.borrow().as_ptr()
    }

    /// The last symbol's path's length in bytes.
    #[no_mangle]
    pub extern "C" fn output_len() -> usize {
        OUTPUT.0.borrow().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_comes_back_as_the_encoders_symbol() {
        let link = "http://127.0.0.1:8080/#m=16&k=3&scheme=double&item=apple&query=grape&present=1";
        let mut path = String::new();
        let size = encode_into(link.as_bytes(), &mut path);
        let expected = qr_code::encode(link.as_bytes()).unwrap();
        assert_eq!((size, path), (expected.size(), expected.svg_path()));
    }

    #[test]
    fn too_long_an_input_draws_nothing() {
        let mut path = String::from("M0 0h1v1h-1z");
        assert_eq!(encode_into("x".repeat(3000).as_bytes(), &mut path), 0);
        assert!(path.is_empty());
    }
}
