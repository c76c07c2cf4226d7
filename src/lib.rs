//! pilotdeck: run LLM agents against a project directory from the command line, and remember what they
//! learn. The binary (`src/main.rs`) is a thin front over this library; see ARCHITECTURE.md for the
//! module map and the rules each layer keeps.

pub mod config;
pub mod home;
pub mod store;
pub mod tools;
