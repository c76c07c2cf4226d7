//! The seccomp rules of what Landlock has no rule for: kernel objects and process attributes a
//! confined child reaches by system call, not by path. Refused (`EPERM`) in every sandboxed mode,
//! whatever the network, as a second filter next to [`super::seccomp`]'s:
//!
//! - another process's resource limits: `prlimit64` only on the caller itself (pid 0, as
//!   `setrlimit` and `getrlimit` call it) — a command set pilotdeck's `RLIMIT_NOFILE` to 0 and its
//!   guard could no longer restore what the command planted. (Signals and `ptrace`, and so
//!   `process_vm_writev`, `pidfd_getfd` and `kcmp` on pilotdeck or any process outside the sandbox,
//!   are refused by Landlock's scopes and ptrace rule.)
//! - the kernel keyrings (`add_key`, `request_key`, `keyctl`): the user's keyring holds secrets
//!   (Kerberos tickets, `systemd-ask-password`'s);
//! - SysV IPC (`shmget`, `shmat`, `shmctl`, the `sem*` and `msg*` calls): other processes' shared
//!   memory (X11 MIT-SHM window images) by id; `shmdt` stays, harmless without `shmat`;
//! - file ownership (`chown`, `fchown`, `lchown`, `fchownat`) and extended attributes (`setxattr`,
//!   `removexattr` and their variants; `security.capability` gives a binary capabilities) of any
//!   file, as Landlock does not check metadata and the filter cannot see paths;
//! - the modes that make a file dangerous to others — setuid, setgid, world-writable — through
//!   `chmod`, `fchmod`, `fchmodat` and `fchmodat2`; other mode bits stay settable (`chmod +x`);
//! - `io_uring` (`io_uring_setup`, `_enter`, `_register`), whose operations do the same things —
//!   xattrs and ACLs, sockets — without the system calls this filter and the network's see;
//! - what a root child could do with capabilities it no longer has anyway
//!   ([`super::capabilities`]): `reboot`, `kexec_load`, `kexec_file_load`, `init_module`,
//!   `finit_module`, `delete_module`.
//!
//! What remains: a confined command can change the other permission bits and the times of any
//! file its user owns outside the project (`chmod 644 ~/.ssh/id_ed25519`, `touch -d`), as the
//! kernel offers no path-based control of metadata.

use std::collections::BTreeMap;

use seccompiler::{SeccompCmpOp, SeccompRule};

use super::seccomp::{Error, arg};

/// System calls too new for the `libc` constants; the same number on every architecture.
const FCHMODAT2: i64 = 452;
const SETXATTRAT: i64 = 463;
const REMOVEXATTRAT: i64 = 466;

/// The mode bits a `chmod` may not set: setuid, setgid, write for others.
const DANGEROUS_MODES: [i32; 3] = [0o4000, 0o2000, 0o0002];

/// The calls refused whatever their arguments.
const ALWAYS: &[i64] = &[
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_keyctl,
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_fchown,
    libc::SYS_fchownat,
    libc::SYS_setxattr,
    libc::SYS_lsetxattr,
    libc::SYS_fsetxattr,
    SETXATTRAT,
    libc::SYS_removexattr,
    libc::SYS_lremovexattr,
    libc::SYS_fremovexattr,
    REMOVEXATTRAT,
    libc::SYS_reboot,
    libc::SYS_kexec_load,
    #[cfg(not(target_arch = "riscv64"))]
    libc::SYS_kexec_file_load,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    // io_uring's operations (`IORING_OP_SETXATTR`, `_SOCKET`, `_CONNECT`, …) never pass through
    // the system calls above and below: with it a command set a POSIX ACL on PilotHome's config.
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    // The calls newer architectures have only as `*at`.
    #[cfg(target_arch = "x86_64")]
    libc::SYS_chown,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_lchown,
];

/// The chmod-family calls and the index of their mode argument.
const CHMODS: &[(i64, u8)] = &[
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_chmod, 1),
    (libc::SYS_fchmod, 1),
    (libc::SYS_fchmodat, 2),
    (FCHMODAT2, 2),
];

/// The rules, by system call number (an empty list refuses the call whatever its arguments).
pub fn rules() -> Result<BTreeMap<i64, Vec<SeccompRule>>, Error> {
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
        ALWAYS.iter().map(|nr| (*nr, Vec::new())).collect();
    rules.insert(
        libc::SYS_prlimit64,
        vec![SeccompRule::new(vec![arg(0, SeccompCmpOp::Ne, 0)?])?],
    );
    for (call, mode) in CHMODS {
        let chain = DANGEROUS_MODES
            .iter()
            .map(|bits| {
                let mask = u64::from(bits.cast_unsigned());
                Ok(SeccompRule::new(vec![arg(
                    *mode,
                    SeccompCmpOp::MaskedEq(mask),
                    *bits,
                )?])?)
            })
            .collect::<Result<Vec<_>, Error>>()?;
        rules.insert(*call, chain);
    }
    Ok(rules)
}
