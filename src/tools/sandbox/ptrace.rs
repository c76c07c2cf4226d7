//! Keeping pilotdeck's own memory and environment (API keys) away from the processes it starts:
//! the process is marked non-dumpable at start, so `/proc/<pid>/environ` and `ptrace` are refused
//! to other processes of the same user, and the thread each child is forked from drops the
//! capabilities that bypass non-dumpable (effective, permitted, inheritable, ambient and bounding),
//! because root would read the environment with them. Besides `CAP_SYS_PTRACE` that is
//! `CAP_SYS_ADMIN` and `CAP_PERFMON`: on Linux 6.18 (measured) each of the three alone lets root
//! read a non-dumpable process's `environ`. Capabilities are per thread, so pilotdeck keeps its own
//! ([`super::capabilities`] drops them; a confined child loses every one).

use rustix::thread::CapabilitySet;

/// The capabilities a child never gets.
const DROPPED: [CapabilitySet; 3] = [
    CapabilitySet::SYS_PTRACE,
    CapabilitySet::SYS_ADMIN,
    CapabilitySet::PERFMON,
];

/// Marks the process non-dumpable. Failing is harmless (and reported at debug level).
pub fn make_non_dumpable() {
    if let Err(err) =
        rustix::process::set_dumpable_behavior(rustix::process::DumpableBehavior::NotDumpable)
    {
        tracing::debug!(%err, "cannot mark pilotdeck non-dumpable");
    }
}

/// Drops [`DROPPED`] from the calling thread for good (it is a thread about to fork a child).
/// Without the capabilities in the first place there is nothing to drop; failing is reported at
/// debug level (a confined child loses every capability anyway, [`super::capabilities`]).
pub fn drop_bypass_capabilities() {
    let bypass = DROPPED
        .iter()
        .fold(CapabilitySet::empty(), |set, cap| set | *cap);
    if let Err(err) = super::capabilities::drop(bypass) {
        tracing::debug!(%err, "cannot drop the capabilities that bypass non-dumpable");
    }
}
