//! Directory stamps: an index that recorded a folder's mtime when it last matched the folder's
//! files can skip reading them while the mtime is unchanged (adding, removing or renaming an
//! entry changes it), provided the recorded change was not too recent to vouch for.

use std::time::{SystemTime, UNIX_EPOCH};

/// A directory stamp this close to the time of the check is not trusted: the kernel keeps file
/// times with a coarse clock, so an entry added in the same tick as the check could leave the
/// stamp unchanged. Such a directory is checked file by file again next time.
const RACY_NS: i64 = 2_000_000_000;

/// Nanoseconds since the Unix epoch (0 for earlier times).
pub fn nanos(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

/// Whether a directory whose entries last changed at `mtime_ns` may be trusted by a check made
/// at `checked_ns`.
pub fn settled(mtime_ns: i64, checked_ns: i64) -> bool {
    checked_ns.saturating_sub(mtime_ns) > RACY_NS
}
