//! A seccomp filter, compiled once per session and applied with the Landlock rules to the
//! short-lived thread each sandboxed child is forked from (a filter without `TSYNC` binds the
//! calling thread and what it starts, like Landlock). In every mode it refuses the terminal ioctls
//! that act for the person at it: `TIOCSTI` (push keys into a terminal's input, which its shell or
//! pilotdeck's next prompt then reads) and `TIOCLINUX` (the console's selection and keyboard), on
//! any descriptor — an inherited one too, which Landlock's device-ioctl right does not cover.
//! A second program, also in every mode, refuses with `EPERM` the kernel objects and process
//! attributes of [`super::kernel_objects`] (other processes' limits, keyrings, SysV IPC, file
//! ownership, xattrs and setuid/world-write modes, `reboot` and modules).
//!
//! With the network not open it also denies the network, whatever the Landlock ABI:
//! Landlock's network rules (ABI ≥ 4) cover TCP `connect`/`bind` only; UDP (DNS, tunnels), raw and
//! packet sockets, netlink, and `io_uring` (whose `IORING_OP_SOCKET`/`CONNECT` never pass through
//! `socket(2)`) are out of their reach, and so is connecting to a Unix socket by path (a host
//! daemon: Docker's socket is root on the host, an SSH agent signs as the user). The filter closes
//! them: `socket(2)` fails with `EACCES` whatever the family, Unix included; `socketpair(2)` of
//! `AF_UNIX` keeps working (the shell's, Python's asyncio and multiprocessing, Node's child
//! processes, build tools' jobservers use pairs or pipes); `io_uring_setup`/`_enter`/`_register`
//! fail in every mode ([`super::kernel_objects`]). In the per-host mode ([`Sockets::Tcp`]) TCP over IPv4/IPv6 is let through, and Landlock lets it reach only the
//! proxy's port — except a TCP Fast Open send (`sendto`/`sendmsg` with `MSG_FASTOPEN`), which
//! connects without passing Landlock's hook (landlock-lsm/linux issue 41, measured here), so the
//! filter refuses that flag.
//!
//! A third program, in every mode, answers `clone3` with `ENOSYS`, as container runtimes do: its
//! `CLONE_INTO_CGROUP` starts a child in any cgroup whose directory the caller can open for reading
//! — out of the cgroup a sandboxed MCP server is frozen in ([`crate::tools::cgroup`]) — and the
//! filter cannot look into the call's argument structure. The C library then starts processes and
//! threads with `clone`, which has no such flag.
//!
//! A process of another architecture (a 32-bit binary, `int 0x80`) is killed by the filter's
//! architecture check rather than let through with other syscall numbers; x32 calls (same
//! architecture, numbers offset) get the same rules ([`x32_number`]).

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

/// The sockets a sandboxed child may open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sockets {
    /// Any (the network is open): only the terminal ioctls are refused.
    All,
    /// Unix socket pairs only: no network and no host daemon at all.
    PairsOnly,
    /// Unix socket pairs and TCP over IPv4/IPv6 (the per-host proxy mode).
    Tcp,
}

/// A compiled filter, applied per child: two programs, as each refuses with one errno.
#[derive(Debug)]
pub struct Filter {
    /// The terminal ioctls and the network: `EACCES`.
    program: BpfProgram,
    /// [`super::kernel_objects`]: `EPERM`.
    kernel_objects: BpfProgram,
    /// `clone3`: `ENOSYS`, so the C library falls back to `clone`.
    no_clone3: BpfProgram,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("no seccomp filter is built for this architecture")]
    Arch,
    #[error("cannot build the seccomp filter: {0}")]
    Build(#[from] seccompiler::BackendError),
    #[error("cannot apply the seccomp filter: {0}")]
    Apply(#[from] seccompiler::Error),
}

/// The kernel offers seccomp filters (`Seccomp_filters:` in `/proc/self/status`, Linux ≥ 5.9 with
/// `CONFIG_SECCOMP_FILTER`) and a filter exists for this architecture.
pub fn available() -> bool {
    target_arch().is_some()
        && std::fs::read_to_string("/proc/self/status")
            .is_ok_and(|status| status.contains("Seccomp_filters:"))
}

fn target_arch() -> Option<TargetArch> {
    if cfg!(target_arch = "x86_64") {
        Some(TargetArch::x86_64)
    } else if cfg!(target_arch = "aarch64") {
        Some(TargetArch::aarch64)
    } else if cfg!(target_arch = "riscv64") {
        Some(TargetArch::riscv64)
    } else {
        None
    }
}

/// The argument `index` compared (as a 32-bit `int`) with `value`.
pub(super) fn arg(index: u8, op: SeccompCmpOp, value: i32) -> Result<SeccompCondition, Error> {
    let value = u64::from(value.cast_unsigned());
    Ok(SeccompCondition::new(
        index,
        SeccompCmpArgLen::Dword,
        op,
        value,
    )?)
}

/// The `ioctl(2)` requests refused, compared on the low 32 bits the kernel reads.
fn terminal_ioctl_rules() -> Result<Vec<SeccompRule>, Error> {
    [libc::TIOCSTI, libc::TIOCLINUX]
        .into_iter()
        .map(|request| {
            let request = i32::try_from(request).map_err(|_| Error::Arch)?;
            Ok(SeccompRule::new(vec![arg(1, SeccompCmpOp::Eq, request)?])?)
        })
        .collect()
}

/// The `socket(2)` calls refused (an empty list: all of them): in the TCP mode a family other than
/// IPv4/IPv6, and an inet socket that is not a plain TCP stream (UDP, raw, SCTP, …).
fn socket_rules(sockets: Sockets) -> Result<Vec<SeccompRule>, Error> {
    if sockets == Sockets::PairsOnly {
        return Ok(Vec::new());
    }
    let other_family = [libc::AF_INET, libc::AF_INET6]
        .iter()
        .map(|family| arg(0, SeccompCmpOp::Ne, *family))
        .collect::<Result<Vec<_>, _>>()?;
    let mut rules = vec![SeccompRule::new(other_family)?];
    {
        for family in [libc::AF_INET, libc::AF_INET6] {
            // The type's low four bits (SOCK_TYPE_MASK); the rest are SOCK_NONBLOCK/SOCK_CLOEXEC.
            for kind in (0..16).filter(|k| *k != libc::SOCK_STREAM) {
                rules.push(SeccompRule::new(vec![
                    arg(0, SeccompCmpOp::Eq, family)?,
                    arg(1, SeccompCmpOp::MaskedEq(0xf), kind)?,
                ])?);
            }
            rules.push(SeccompRule::new(vec![
                arg(0, SeccompCmpOp::Eq, family)?,
                arg(2, SeccompCmpOp::Ne, 0)?,
                arg(2, SeccompCmpOp::Ne, libc::IPPROTO_TCP)?,
            ])?);
        }
    }
    Ok(rules)
}

/// The x32 ABI (where a kernel enables it) reaches the same calls under the same audit architecture
/// with `__X32_SYSCALL_BIT` added to the number; its `ioctl`, `sendmsg`, `sendmmsg` and `kexec_load`
/// have numbers of their own (`asm/unistd_x32.h`).
#[cfg(target_arch = "x86_64")]
fn x32_number(nr: i64) -> i64 {
    const X32_SYSCALL_BIT: i64 = 0x4000_0000;
    X32_SYSCALL_BIT
        + match nr {
            libc::SYS_ioctl => 514,
            libc::SYS_kexec_load => 528,
            libc::SYS_sendmsg => 518,
            libc::SYS_sendmmsg => 538,
            other => other,
        }
}

/// A program refusing the calls `rules` match with `errno` (on x86_64 their x32 numbers too) and
/// allowing the rest.
fn compile(mut rules: BTreeMap<i64, Vec<SeccompRule>>, errno: i32) -> Result<BpfProgram, Error> {
    let arch = target_arch().ok_or(Error::Arch)?;
    #[cfg(target_arch = "x86_64")]
    {
        let aliases: Vec<_> = rules
            .iter()
            .map(|(nr, chain)| (x32_number(*nr), chain.clone()))
            .collect();
        rules.extend(aliases);
    }
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(errno.cast_unsigned()),
        arch,
    )?;
    Ok(filter.try_into()?)
}

impl Filter {
    /// Compiles the filter letting children open `sockets`.
    pub fn build(sockets: Sockets) -> Result<Filter, Error> {
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
        rules.insert(libc::SYS_ioctl, terminal_ioctl_rules()?);
        if sockets != Sockets::All {
            Filter::add_network_rules(&mut rules, sockets)?;
        }
        Ok(Filter {
            program: compile(rules, libc::EACCES)?,
            kernel_objects: compile(super::kernel_objects::rules()?, libc::EPERM)?,
            no_clone3: compile(
                BTreeMap::from([(libc::SYS_clone3, Vec::new())]),
                libc::ENOSYS,
            )?,
        })
    }

    /// The rules of a network that is not open: `sockets` only (`io_uring`, which would pass by
    /// them, is refused in every mode by [`super::kernel_objects`]).
    fn add_network_rules(
        rules: &mut BTreeMap<i64, Vec<SeccompRule>>,
        sockets: Sockets,
    ) -> Result<(), Error> {
        rules.insert(libc::SYS_socket, socket_rules(sockets)?);
        rules.insert(
            libc::SYS_socketpair,
            vec![SeccompRule::new(vec![arg(
                0,
                SeccompCmpOp::Ne,
                libc::AF_UNIX,
            )?])?],
        );
        if sockets == Sockets::Tcp {
            // The flags argument of sendto(fd, buf, len, flags, …), sendmsg(fd, msg, flags) and
            // sendmmsg(fd, vec, n, flags).
            for (call, flags) in [
                (libc::SYS_sendto, 3),
                (libc::SYS_sendmsg, 2),
                (libc::SYS_sendmmsg, 3),
            ] {
                let fast_open = arg(
                    flags,
                    SeccompCmpOp::MaskedEq(u64::from(libc::MSG_FASTOPEN.cast_unsigned())),
                    libc::MSG_FASTOPEN,
                )?;
                rules.insert(call, vec![SeccompRule::new(vec![fast_open])?]);
            }
        }
        // io_uring is refused in every mode by the kernel-objects filter.
        Ok(())
    }

    /// Applies the filter to the calling thread (and what it starts afterwards); sets
    /// `no_new_privs`, as Landlock does.
    pub fn apply(&self) -> Result<(), Error> {
        seccompiler::apply_filter(&self.program)?;
        seccompiler::apply_filter(&self.kernel_objects)?;
        Ok(seccompiler::apply_filter(&self.no_clone3)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a thread of its own (the filter stays with it), applies `sockets`' filter and tries
    /// `probe`, returning its errno (0 for success).
    fn errno_under(sockets: Sockets, probe: fn() -> std::io::Result<()>) -> i32 {
        let filter = Filter::build(sockets).unwrap();
        std::thread::spawn(move || {
            filter.apply().unwrap();
            probe().map_or_else(|e| e.raw_os_error().unwrap_or(-1), |()| 0)
        })
        .join()
        .unwrap()
    }

    fn udp() -> std::io::Result<()> {
        std::net::UdpSocket::bind("127.0.0.1:0").map(drop)
    }

    fn tcp() -> std::io::Result<()> {
        std::net::TcpListener::bind("127.0.0.1:0").map(drop)
    }

    fn pair() -> std::io::Result<()> {
        std::os::unix::net::UnixDatagram::pair().map(drop)
    }

    fn unix_socket() -> std::io::Result<()> {
        std::os::unix::net::UnixDatagram::unbound().map(drop)
    }

    /// The x32 numbers of `asm/unistd_x32.h` (kernels mostly run with x32 off, so no call shows it):
    /// `ioctl` is 514 there, not 16, which x32 does not have.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn x32_numbers_are_the_kernels() {
        const X32: i64 = 0x4000_0000;
        assert_eq!(x32_number(libc::SYS_ioctl), X32 + 514);
        assert_eq!(x32_number(libc::SYS_sendmsg), X32 + 518);
        assert_eq!(x32_number(libc::SYS_kexec_load), X32 + 528);
        assert_eq!(x32_number(libc::SYS_socket), X32 + 41);
    }

    #[test]
    fn pairs_only_refuses_every_socket_but_pairs() {
        if !available() {
            return;
        }
        assert_eq!(errno_under(Sockets::PairsOnly, udp), libc::EACCES);
        assert_eq!(errno_under(Sockets::PairsOnly, tcp), libc::EACCES);
        assert_eq!(errno_under(Sockets::PairsOnly, unix_socket), libc::EACCES);
        assert_eq!(errno_under(Sockets::PairsOnly, pair), 0);
    }

    #[test]
    fn an_open_network_lets_every_socket_through() {
        if !available() {
            return;
        }
        for probe in [udp, tcp, unix_socket, pair] {
            assert_eq!(errno_under(Sockets::All, probe), 0);
        }
    }

    #[test]
    fn tcp_mode_lets_tcp_through_but_not_udp_nor_unix() {
        if !available() {
            return;
        }
        assert_eq!(errno_under(Sockets::Tcp, tcp), 0);
        assert_eq!(errno_under(Sockets::Tcp, udp), libc::EACCES);
        assert_eq!(errno_under(Sockets::Tcp, unix_socket), libc::EACCES);
        assert_eq!(errno_under(Sockets::Tcp, pair), 0);
    }
}
