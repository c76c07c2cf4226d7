// File edits the way other programs make them, for tests of change detection. Plain `std` and no
// inner attributes, so the library's unit tests `include!` this file too (`crate::test_edits`).

use std::io::Write as _;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// Dates a folder's last change a minute back, as if its entries were written long ago.
pub(crate) fn settle(folder: &Path) {
    let past = SystemTime::now() - Duration::from_secs(60);
    let times = std::fs::FileTimes::new().set_modified(past);
    std::fs::File::open(folder)
        .and_then(|dir| dir.set_times(times))
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
}

/// Rewrites a file in place, as editors that do not save by renaming do: its folder is unchanged.
pub(crate) fn edit_in_place(path: &Path, text: &str) {
    std::fs::OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
