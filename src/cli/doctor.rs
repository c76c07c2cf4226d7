//! `pilotdeck doctor`.

use clap::Args;

use super::{Context, Outcome};
use crate::doctor::{self, Status};

#[derive(Debug, Args)]
pub struct DoctorArgs {}

pub(super) async fn run(ctx: &Context, _args: &DoctorArgs) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let loaded = ctx.load_config_quiet(None)?;
    let checks = doctor::run(&home, loaded.as_ref()).await;
    let failed = checks.iter().any(|c| c.status == Status::Fail);
    if ctx.out.json {
        ctx.out
            .json(&serde_json::json!({"ok": !failed, "home": home.root(), "checks": checks}))?;
    } else {
        for c in &checks {
            let mark = match c.status {
                Status::Ok => ctx.out.paint("32", "ok  "),
                Status::Warn => ctx.out.paint("33", "warn"),
                Status::Fail => ctx.out.paint("31", "FAIL"),
            };
            ctx.out
                .line(&format!("{mark}  {:<18} {}", c.name, c.detail))?;
        }
    }
    Ok(if failed {
        Outcome::Failed
    } else {
        Outcome::Success
    })
}
