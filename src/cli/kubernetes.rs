//! The Kubernetes flags shared by `cron install --kubernetes` and `always-on install --kubernetes`,
//! and writing what they generate: one YAML stream on stdout, or with `--out DIR` one file per
//! object plus a `kustomization.yaml` listing every manifest in DIR (`kubectl apply -k DIR`), so cron
//! and always-on can share one directory (and their one claim).
//!
//! Pruning: every generated object is labelled `app.kubernetes.io/managed-by=pilotdeck` and
//! `pilotdeck.dev/component=cron|always-on`, each CronJob also with its task id or repository. With
//! `--prune`, CronJob files of this component that are no longer generated are removed from `--out`
//! and the `kubectl delete` command that removes their CronJobs from the cluster is printed (the
//! selector keeps the ones just generated); pilotdeck never talks to the cluster itself.

use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;

use crate::cli::{Context, Outcome};
use crate::config::ModelRef;
use crate::config::{Config, LoadOptions};
use crate::home::PilotHome;
use crate::kubernetes::Cluster;
use crate::kubernetes::manifest::{Object, to_yaml};

#[derive(Debug, Args)]
pub(super) struct KubeArgs {
    /// Namespace of the generated objects (default: kubectl's current one)
    #[arg(long, value_name = "NS", requires = "kubernetes")]
    namespace: Option<String>,
    /// Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)
    #[arg(long, value_name = "IMAGE", requires = "kubernetes", default_value = concat!("pilotdeck:", env!("CARGO_PKG_VERSION")))]
    image: String,
    /// Write one file per object and a kustomization.yaml into DIR instead of printing them
    #[arg(long, value_name = "DIR", requires = "kubernetes")]
    out: Option<PathBuf>,
    /// Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print
    /// the `kubectl delete` command for the cluster
    #[arg(long, requires = "kubernetes")]
    prune: bool,
    /// The Secret holding the API keys (one key per variable, named like it)
    #[arg(
        long,
        value_name = "NAME",
        requires = "kubernetes",
        default_value = "pilotdeck-api-keys"
    )]
    secret: String,
    /// An environment variable read from the Secret (repeatable; default: the key variables of the
    /// providers the configured models use)
    #[arg(long, value_name = "VAR", requires = "kubernetes")]
    api_key_env: Vec<String>,
    /// Size of the PersistentVolumeClaim holding PilotHome and the clones
    #[arg(
        long,
        value_name = "SIZE",
        requires = "kubernetes",
        default_value = "5Gi"
    )]
    storage: String,
}

/// The ConfigMap the pods read `pilotdeck.yaml` from.
pub(super) const CONFIG_MAP: &str = "pilotdeck-config";
/// The claim holding PilotHome and the clones.
pub(super) const CLAIM: &str = "pilotdeck-data";

/// The home configuration (no project: the pods' projects are clones).
pub(super) fn home_config(ctx: &Context, home: &PilotHome) -> anyhow::Result<Config> {
    Ok(crate::config::load(
        home,
        &LoadOptions {
            config_file: ctx.global.config.clone(),
            project_root: None,
            model_flag: None,
        },
    )?
    .config)
}

/// The variable holding the key of `model`'s provider (`None` for the default model).
fn key_env(config: &Config, model: Option<&str>) -> Option<String> {
    let reference = model.or(config.agent.model.as_deref())?;
    let model: ModelRef = reference.parse().ok()?;
    let provider = config.provider_of(&model).ok();
    match provider.and_then(|p| p.api_key.as_deref()) {
        Some(key) => key
            .strip_prefix("${")
            .and_then(|k| k.strip_suffix('}'))
            .map(str::to_owned),
        None => crate::config::KNOWN_PROVIDERS
            .iter()
            .find(|k| k.id == model.provider)
            .and_then(|k| k.key_env)
            .map(str::to_owned),
    }
}

impl KubeArgs {
    pub(super) fn namespace(&self) -> Option<&str> {
        self.namespace.as_deref()
    }

    /// The cluster settings, with the key variables of `models` when none were given.
    pub(super) fn cluster(&self, config: &Config, models: &[Option<String>]) -> Cluster {
        let mut key_envs = self.api_key_env.clone();
        if key_envs.is_empty() {
            key_envs = models
                .iter()
                .filter_map(|m| key_env(config, m.as_deref()))
                .collect();
            key_envs.sort();
            key_envs.dedup();
        }
        Cluster {
            namespace: self.namespace.clone(),
            image: self.image.clone(),
            secret: self.secret.clone(),
            key_envs,
            claim: CLAIM.to_owned(),
            storage: self.storage.clone(),
            config_map: CONFIG_MAP.to_owned(),
        }
    }
}

#[derive(Serialize)]
struct Kustomization<'a> {
    #[serde(rename = "apiVersion")]
    api_version: &'a str,
    kind: &'a str,
    resources: Vec<String>,
}

#[derive(Serialize)]
struct Report<'a> {
    files: Vec<String>,
    removed: Vec<String>,
    /// The objects as one YAML stream (also when written to files).
    yaml: &'a str,
    notes: &'a [String],
    prune: Option<&'a str>,
}

/// CronJob files of `component` in `dir` that `objects` no longer has.
fn stale_files(dir: &Path, component: &str, objects: &[Object]) -> Vec<PathBuf> {
    let prefix = format!("cronjob-pilotdeck-{component}-");
    let keep: Vec<String> = objects.iter().map(Object::file_name).collect();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut stale: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix) && n.ends_with(".yaml") && !keep.contains(n))
        .map(|n| dir.join(n))
        .collect();
    stale.sort();
    stale
}

/// Every manifest in `dir` (what both install commands wrote there), sorted.
fn manifest_files(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name.ends_with(".yaml") && name != "kustomization.yaml" {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// Prints or writes `objects`, the notes and the next steps.
pub(super) fn emit(
    ctx: &Context,
    args: &KubeArgs,
    component: &str,
    objects: &[Object],
    notes: &[String],
    prune: &str,
) -> anyhow::Result<Outcome> {
    let yaml = to_yaml(objects)?;
    let mut files = Vec::new();
    let mut removed = Vec::new();
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)?;
        if args.prune {
            for path in stale_files(dir, component, objects) {
                std::fs::remove_file(&path)?;
                removed.push(path.display().to_string());
            }
        }
        for object in objects {
            let path = dir.join(object.file_name());
            crate::store::write_atomic(&path, to_yaml(std::slice::from_ref(object))?.as_bytes())?;
            files.push(path.display().to_string());
        }
        let kustomization = Kustomization {
            api_version: "kustomize.config.k8s.io/v1beta1",
            kind: "Kustomization",
            resources: manifest_files(dir)?,
        };
        let path = dir.join("kustomization.yaml");
        crate::store::write_atomic(&path, serde_yaml::to_string(&kustomization)?.as_bytes())?;
        files.push(path.display().to_string());
    }
    let prune = args.prune.then_some(prune);
    if ctx.out.json {
        ctx.out.json(&Report {
            files,
            removed,
            yaml: &yaml,
            notes,
            prune,
        })?;
        return Ok(Outcome::Success);
    }
    for note in notes {
        ctx.out.warn(note);
    }
    match &args.out {
        Some(dir) => {
            for f in &files {
                ctx.out.line(&format!("wrote {f}"))?;
            }
            for f in &removed {
                ctx.out.line(&format!("removed {f}"))?;
            }
            ctx.out.note(&format!(
                "to apply: kubectl apply -k {} (after creating the Secret `{}` and the ConfigMap `{CONFIG_MAP}`)",
                dir.display(),
                args.secret
            ));
        }
        None => ctx.out.raw(&yaml)?,
    }
    if let Some(command) = prune {
        ctx.out.note("to remove CronJobs no longer generated:");
        ctx.out.note(&format!("  {command}"));
    }
    Ok(Outcome::Success)
}
