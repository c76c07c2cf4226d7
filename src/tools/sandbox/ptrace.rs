//! Keeping pilotdeck's own memory and environment (API keys) away from the processes it starts:
//! the process is marked non-dumpable at start, so `/proc/<pid>/environ` and `ptrace` are refused
//! to other processes of the same user, and the thread each child is forked from drops the
//! capabilities that bypass non-dumpable (effective, permitted, inheritable, ambient and bounding),
//! because root would read the environment with them. Besides `CAP_SYS_PTRACE` that is
//! `CAP_SYS_ADMIN` and `CAP_PERFMON`: on Linux 6.18 (measured) each of the three alone lets root
//! read a non-dumpable process's `environ`. Capabilities are per thread, so pilotdeck keeps its own.

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
/// Without the capabilities in the first place there is nothing to drop.
pub fn drop_bypass_capabilities() {
    for cap in DROPPED {
        if rustix::thread::capability_is_in_bounding_set(cap).unwrap_or(false)
            && let Err(err) = rustix::thread::remove_capability_from_bounding_set(cap)
        {
            tracing::debug!(%err, ?cap, "cannot drop a capability from the bounding set");
        }
        if rustix::thread::capability_is_in_ambient_set(cap).unwrap_or(false)
            && let Err(err) = rustix::thread::configure_capability_in_ambient_set(cap, false)
        {
            tracing::debug!(%err, ?cap, "cannot drop a capability from the ambient set");
        }
    }
    let all = DROPPED
        .iter()
        .fold(CapabilitySet::empty(), |set, cap| set | *cap);
    match rustix::thread::capabilities(None) {
        Ok(mut sets) => {
            if (sets.effective | sets.permitted | sets.inheritable).intersects(all) {
                sets.effective.remove(all);
                sets.permitted.remove(all);
                sets.inheritable.remove(all);
                if let Err(err) = rustix::thread::set_capabilities(None, sets) {
                    tracing::debug!(%err, "cannot drop the capabilities that bypass non-dumpable");
                }
            }
        }
        Err(err) => tracing::debug!(%err, "cannot read the thread's capabilities"),
    }
}
