//! pilotdeck: run LLM agents against a project directory from the command line, and remember what they
//! learn. The binary (`src/main.rs`) is a thin front over this library; see ARCHITECTURE.md for the
//! module map and the rules each layer keeps.

pub mod agent;
pub mod always_on;
pub mod cli;
pub mod config;
pub mod context;
pub mod crash;
pub mod cron;
pub mod doctor;
pub mod extensions;
pub mod frontmatter;
pub mod home;
pub mod logging;
pub mod mcp;
pub mod memory;
pub mod model;
pub mod output;
pub mod router;
pub mod sandbox;
pub mod session;
pub mod store;
pub mod tools;
pub mod trust;

/// File edits the way other programs make them, shared with the integration tests.
#[cfg(test)]
mod test_edits {
    include!("../tests/support/edits.rs");
}
