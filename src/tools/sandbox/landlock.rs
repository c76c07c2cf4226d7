//! The Linux backend: a Landlock ruleset built once per session from a [`Policy`] and applied to the
//! short-lived thread each sandboxed child is forked from (Landlock, like `no_new_privs`, binds the
//! calling thread and everything it starts afterwards, so pilotdeck itself stays unrestricted).
//!
//! Targets ABI 6: file access (reads, writes, truncate, device ioctls, cross-directory renames; no
//! device node is ever made, and no device opened but the few of `policy::DEVICE_FILES`), TCP
//! connect/bind when the network is closed (in the per-host mode a second layer,
//! [`Rules::proxy_only`], allows connecting to the proxy's port alone), and the scopes that keep a child from signalling or
//! reaching abstract sockets outside its sandbox. On an older kernel the ruleset degrades to what
//! the kernel offers (best effort); [`abi`] says which.

use std::path::Path;
use std::sync::OnceLock;

use landlock::{
    ABI, Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, NetPort, PathBeneath,
    PathFd, Ruleset, RulesetAttr, RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope,
};

use super::policy::{DEVICE_FILES, Network, Policy, read_grants};

/// The ABI the rules are written for.
const TARGET: ABI = ABI::V6;

/// The Landlock ABI the running kernel offers (0 when it offers none), probed once.
pub fn abi() -> u8 {
    static ABI_FOUND: OnceLock<u8> = OnceLock::new();
    *ABI_FOUND.get_or_init(|| {
        let probes: [(u8, ABI); 6] = [
            (6, ABI::V6),
            (5, ABI::V5),
            (4, ABI::V4),
            (3, ABI::V3),
            (2, ABI::V2),
            (1, ABI::V1),
        ];
        probes
            .iter()
            .find(|(_, abi)| probe(*abi))
            .map_or(0, |(n, _)| *n)
    })
}

fn probe(abi: ABI) -> bool {
    let build = || -> Result<RulesetCreated, landlock::RulesetError> {
        let mut ruleset = Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessFs::from_all(abi))?;
        if abi >= ABI::V4 {
            ruleset = ruleset.handle_access(AccessNet::from_all(abi))?;
        }
        if abi >= ABI::V6 {
            ruleset = ruleset.scope(Scope::from_all(abi))?;
        }
        ruleset.create()
    };
    build().is_ok()
}

/// A built ruleset, cloned (a dup'ed descriptor) for each child.
#[derive(Debug)]
pub struct Rules {
    created: RulesetCreated,
}

/// Why a ruleset could not be built or applied.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot build the Landlock rules: {0}")]
    Build(#[from] landlock::RulesetError),
    #[error("cannot copy the Landlock rules: {0}")]
    Clone(#[from] std::io::Error),
    #[error("the kernel did not enforce the Landlock rules")]
    NotEnforced,
}

impl Rules {
    /// Builds the ruleset of `policy`.
    pub fn build(policy: &Policy) -> Result<Rules, Error> {
        let all = AccessFs::from_all(TARGET);
        let read = AccessFs::from_read(TARGET);
        let mut ruleset = Ruleset::default()
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(all)?
            .scope(Scope::from_all(TARGET))?;
        if policy.network == Network::Closed {
            ruleset = ruleset.handle_access(AccessNet::from_all(TARGET))?;
        }
        let mut created = ruleset.create()?;
        let grants = read_grants(&policy.hidden);
        for path in &grants.full {
            created = add(created, path, read)?;
        }
        for path in &grants.list_only {
            created = add(created, path, AccessFs::ReadDir.into())?;
        }
        // Handled but never granted, so refused everywhere: a device node made in the project
        // would reach any disk or terminal, whatever the path rules say.
        let make_device = AccessFs::MakeBlock | AccessFs::MakeChar;
        for path in &policy.writable {
            created = add(created, path, all & !make_device)?;
        }
        let device =
            AccessFs::ReadFile | AccessFs::WriteFile | AccessFs::Truncate | AccessFs::IoctlDev;
        for path in DEVICE_FILES {
            created = add(created, Path::new(path), device)?;
        }
        Ok(Rules { created })
    }

    /// A network-only layer: TCP connect to `port` (on any address: Landlock rules name ports, not
    /// hosts), no other connect, no bind. Needs ABI 4.
    pub fn proxy_only(port: u16) -> Result<Rules, Error> {
        let created = Ruleset::default()
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(AccessNet::from_all(TARGET))?
            .create()?
            .add_rule(NetPort::new(port, AccessNet::ConnectTcp))?;
        Ok(Rules { created })
    }

    /// Restricts the calling thread (and what it starts afterwards) with these rules.
    pub fn restrict_current_thread(&self) -> Result<(), Error> {
        let status = self.created.try_clone()?.restrict_self()?;
        match status.ruleset {
            RulesetStatus::FullyEnforced | RulesetStatus::PartiallyEnforced => Ok(()),
            RulesetStatus::NotEnforced => Err(Error::NotEnforced),
        }
    }
}

/// Adds a rule for `path` if it exists; a file gets only the rights that apply to files.
fn add(
    created: RulesetCreated,
    path: &Path,
    access: BitFlags<AccessFs>,
) -> Result<RulesetCreated, Error> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(created);
    };
    let access = if meta.is_dir() {
        access
    } else {
        access & AccessFs::from_file(TARGET)
    };
    if access.is_empty() {
        return Ok(created);
    }
    let Ok(fd) = PathFd::new(path) else {
        return Ok(created);
    };
    Ok(created.add_rule(PathBeneath::new(fd, access))?)
}
