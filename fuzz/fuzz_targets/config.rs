//! pilotdeck.yaml and mcp.json: any content loads or is refused with a diagnostic, never a panic.
#![no_main]

use std::io::Write;

use libfuzzer_sys::fuzz_target;
use pilotdeck::config::{LoadOptions, load};
use pilotdeck::home::PilotHome;
use pilotdeck::mcp::McpServers;

fuzz_target!(|data: &[u8]| {
    let dir = tempfile::tempdir().unwrap();
    let home = PilotHome::at(dir.path().to_owned());
    std::fs::File::create(home.config_file()).unwrap().write_all(data).unwrap();
    std::fs::File::create(home.mcp_file()).unwrap().write_all(data).unwrap();
    let _ = load(&home, &LoadOptions { config_file: None, project_root: None, model_flag: None });
    let _ = McpServers::load(&home, None);
});
