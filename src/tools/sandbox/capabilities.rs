//! Dropping capabilities from the short-lived thread a child is forked from (capabilities are per
//! thread, so pilotdeck keeps its own): [`drop`] removes a set from the bounding set (needs
//! `CAP_SETPCAP`, so only root's thread does it), the ambient set, and the effective, permitted and
//! inheritable sets. Clearing the permitted set is what holds even where the bounding set cannot be
//! dropped: with `no_new_privs` (set by Landlock and seccomp) an `execve` never gains a capability
//! the thread does not have, root's included.

use rustix::thread::{CapabilitySet, CapabilitySets};

/// Every capability, those newer than rustix's names included.
pub const ALL: CapabilitySet = CapabilitySet::from_bits_retain(u64::MAX);

/// What a confined command of root keeps: reading and writing files whatever their owner and mode,
/// so a CI job running as root can work in a checkout owned by another uid (a bind mount). Landlock
/// still decides which paths it reaches (it checks beside the permission bits, capabilities or
/// not), and seccomp what it may do to a file's owner, mode and attributes.
pub const FILE_ACCESS: CapabilitySet =
    CapabilitySet::DAC_OVERRIDE.union(CapabilitySet::DAC_READ_SEARCH);

/// Why the capabilities could not be dropped.
#[derive(Debug, thiserror::Error)]
#[error("cannot drop the capabilities of the thread that starts the child: {0}")]
pub struct Error(#[from] rustix::io::Errno);

/// Removes `which` from the calling thread's sets, for good. Failing to shrink the bounding set
/// (no `CAP_SETPCAP`) is reported at debug level only; failing to clear the other sets is an error.
pub fn drop(which: CapabilitySet) -> Result<(), Error> {
    for bit in 0..u64::BITS {
        let cap = CapabilitySet::from_bits_retain(1 << bit);
        if !which.contains(cap) {
            continue;
        }
        // An unknown capability (past the kernel's last) is an error to ask about: nothing to drop.
        if rustix::thread::capability_is_in_bounding_set(cap).unwrap_or(false)
            && let Err(err) = rustix::thread::remove_capability_from_bounding_set(cap)
        {
            tracing::debug!(%err, ?cap, "cannot drop a capability from the bounding set");
        }
        if rustix::thread::capability_is_in_ambient_set(cap).unwrap_or(false) {
            rustix::thread::configure_capability_in_ambient_set(cap, false)?;
        }
    }
    let sets = rustix::thread::capabilities(None)?;
    if (sets.effective | sets.permitted | sets.inheritable).intersects(which) {
        rustix::thread::set_capabilities(
            None,
            CapabilitySets {
                effective: sets.effective.difference(which),
                permitted: sets.permitted.difference(which),
                inheritable: sets.inheritable.difference(which),
            },
        )?;
    }
    Ok(())
}
