//! The SSE decoder: any bytes, split at a fuzzer-chosen point, decode to the same events as unsplit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pilotdeck::model::sse::SseDecoder;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, bytes)) = data.split_first() else {
        return;
    };
    let cut = usize::from(cut) % (bytes.len() + 1);
    let mut whole = Vec::new();
    let mut d = SseDecoder::new();
    d.push(bytes, &mut whole);
    d.finish(&mut whole);
    let mut split = Vec::new();
    let mut d = SseDecoder::new();
    d.push(&bytes[..cut], &mut split);
    d.push(&bytes[cut..], &mut split);
    d.finish(&mut split);
    assert_eq!(whole, split);
});
