//! Memory note files: any text reads as a note, and a note written back reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pilotdeck::memory::{Note, NoteKind};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let note = Note::parse(&text, "stem", NoteKind::Feedback);
    let again = Note::parse(&note.render(), "stem", NoteKind::Feedback);
    assert_eq!(again.render(), note.render());
});
