//! `always-on install --kubernetes REPO_URL…`: one CronJob per repository running `always-on tick`
//! in its clone every `alwaysOn.trigger.tickIntervalMinutes`.
//!
//! The clone and PilotHome are on the claim, so the worktrees a tick makes (under PilotHome) and the
//! clone they belong to outlive the pod, and `always-on plans/show/diff/apply` work against that
//! PilotHome. The user's `pilotdeck.yaml` comes from the ConfigMap; the init container copies it to
//! the pod's `/tmp` and turns always-on on for the clone there (`always-on enable`), so the
//! ConfigMap does not have to name paths inside the pod and two pods never write one file. A tick
//! never pushes: bringing a plan's work out is `always-on apply --patch FILE` or `--push-branch`.

use crate::kubernetes::manifest::{Object, map};
use crate::kubernetes::{self, CONFIG_DIR, Cluster, Job, TMP};

/// The label holding a CronJob's repository (the clone's directory name).
pub const REPO_LABEL: &str = "pilotdeck.dev/repo";

/// What `always-on install --kubernetes` generates.
#[derive(Debug, Clone)]
pub struct Manifests {
    /// The claim, then one CronJob per repository.
    pub objects: Vec<Object>,
    /// The `kubectl delete` command that removes CronJobs of repositories no longer listed.
    pub prune: String,
}

/// The manifests for `repos`, each ticking on `schedule` (a cron expression, UTC).
pub fn manifests(
    cluster: &Cluster,
    repos: &[String],
    schedule: &str,
    period_secs: u64,
) -> Manifests {
    let config_path = format!("{TMP}/pilotdeck.yaml");
    let mut objects = vec![Object::Claim(kubernetes::claim(cluster))];
    let mut keep = Vec::new();
    for url in repos {
        let dir = kubernetes::repo_dir(kubernetes::WORKSPACE, url);
        let label = dir.rsplit('/').next().unwrap_or_default().to_owned();
        let (stem, hash) = label.rsplit_once('-').unwrap_or((label.as_str(), ""));
        let name = format!(
            "pilotdeck-always-on-{}-{hash}",
            kubernetes::dns_label(stem, 22)
        );
        let prepare = format!(
            "cp {CONFIG_DIR}/pilotdeck.yaml \"$PILOTDECK_CONFIG_PATH\"\npilotdeck always-on enable \"$REPO_DIR\"\n"
        );
        objects.push(Object::CronJob(Box::new(kubernetes::cron_job(
            cluster,
            Job {
                name,
                component: "always-on",
                labels: map([(REPO_LABEL, label.as_str())]),
                schedule: schedule.to_owned(),
                time_zone: "Etc/UTC".to_owned(),
                starting_deadline_seconds: Some(period_secs),
                active_deadline_seconds: None,
                repo_url: url.clone(),
                keep_clone: true,
                prepare: Some(prepare),
                args: vec!["always-on".into(), "tick".into()],
                env: Vec::new(),
                config_path: Some(config_path.clone()),
                volumes: Vec::new(),
            },
        ))));
        keep.push(label);
    }
    let prune =
        kubernetes::prune_command(cluster.namespace.as_deref(), "always-on", REPO_LABEL, &keep);
    Manifests { objects, prune }
}
