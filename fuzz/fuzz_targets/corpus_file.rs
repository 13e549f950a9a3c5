//! Any text as a corpus file: the loader answers with cases or errors, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = qigui::corpus::load_str(std::path::Path::new("fuzz.yaml"), text);
});
