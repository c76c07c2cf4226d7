//! Links the `pilotdeck` binary with packed relative relocations (`-z pack-relative-relocs`,
//! DT_RELR) when the toolchain supports it.
//!
//! A position-independent binary of this size carries ~68,000 relative relocations; as plain
//! `.rela.dyn` entries (24 bytes each, 1.6 MB) the dynamic loader reads every one at every start,
//! and those pages count as resident memory. Packed, the table is a few kilobytes. The binary stays
//! PIE (address randomisation kept). Needs GNU ld ≥ 2.38 or lld and glibc ≥ 2.36; a probe link
//! decides, so older toolchains build exactly as before. Only the binary is affected, not the
//! library or the tests.

#![allow(
    clippy::disallowed_methods,
    reason = "a build script: cargo's environment and its own OUT_DIR, outside the product's rules"
)]

use std::path::PathBuf;
use std::process::Command;

const FLAG: &str = "-Wl,-z,pack-relative-relocs";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = std::env::var("TARGET").unwrap_or_default();
    let host = std::env::var("HOST").unwrap_or_default();
    if target == host && target.ends_with("-linux-gnu") && links_with(FLAG) {
        println!("cargo:rustc-link-arg-bins={FLAG}");
    }
}

/// Whether `cc FLAG` links a trivial program without error or warning.
fn links_with(flag: &str) -> bool {
    let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return false;
    };
    let source = out.join("relr_probe.c");
    if std::fs::write(&source, "int main(void) { return 0; }\n").is_err() {
        return false;
    }
    Command::new("cc")
        .arg(flag)
        .arg(&source)
        .arg("-o")
        .arg(out.join("relr_probe"))
        .output()
        .is_ok_and(|o| o.status.success() && o.stderr.is_empty())
}
