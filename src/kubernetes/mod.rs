//! Kubernetes workloads for pilotdeck's unattended work (`cron install --kubernetes`, `always-on
//! install --kubernetes`): the typed manifest objects ([`manifest`]) and the one pod every generated
//! CronJob runs ([`cron_job`]), so cron and always-on differ only in their schedule and arguments.
//!
//! The pod (the README's "Running on Kubernetes" and `examples/kubernetes/` show it in use):
//!
//! - one `PersistentVolumeClaim` ([`claim`], ReadWriteOnce) mounted at [`DATA`]: PilotHome at
//!   [`HOME_DIR`] (so `cron history` and `always-on show` work against it) and always-on's clones
//!   under [`WORKSPACE`] (a cron pod clones into an `emptyDir` at [`SCRATCH_WORKSPACE`]). state.db is SQLite in WAL mode: its locks only hold on one kernel's filesystem,
//!   so the claim must not be a shared network filesystem;
//! - an init container (same image) that clones the repository from its git URL, or brings a kept
//!   clone to the remote's HEAD, then runs the workload's own preparation;
//! - the user's `pilotdeck.yaml` from a ConfigMap, API keys from a Secret by name (`secretKeyRef`,
//!   never a value), a non-root user, a read-only root filesystem (only the volume and `/tmp` are
//!   writable), `concurrencyPolicy: Forbid` and `backoffLimit: 0` (pilotdeck retries model calls
//!   itself; a failed run is recorded, not repeated).
//!
//! Resource requests are sized from BENCHMARKS.md: one `pilotdeck run` answer peaks at 19.7 MiB RSS
//! and a `cron tick` at 15.3 MiB, with the harness under 2 ms CPU per loop iteration — the process
//! mostly waits on the model. [`REQUESTS`] asks for 64 MiB (three times that peak, for the git and
//! shell commands the agent's tools start) and 50m CPU; the limit of 1 GiB leaves room for builds
//! the agent runs.

pub mod manifest;

use sha2::{Digest, Sha256};

use manifest::{
    Capabilities, ClaimResources, ClaimSpec, Container, ContainerSecurityContext, CronJob,
    CronJobSpec, EnvVar, JobSpec, JobTemplate, Map, ObjectMeta, PersistentVolumeClaim,
    PodSecurityContext, PodSpec, PodTemplate, Resources, TemplateMeta, Volume, VolumeMount,
    VolumeSource, map,
};

/// Where the claim is mounted.
pub const DATA: &str = "/data";
/// PilotHome inside the pod.
pub const HOME_DIR: &str = "/data/home";
/// Clones that outlive the pod (always-on: its worktrees under PilotHome point into them).
pub const WORKSPACE: &str = "/data/workspace";
/// Clones made fresh for each pod (cron: an `emptyDir`, so concurrent tasks of one repository never
/// share a working tree); the path is the same in every pod, so the project key is too.
pub const SCRATCH_WORKSPACE: &str = "/workspace";
/// The user's `pilotdeck.yaml` (ConfigMap key `pilotdeck.yaml`) is mounted here.
pub const CONFIG_DIR: &str = "/etc/pilotdeck/config";
/// The one other writable directory (an `emptyDir`): `HOME`, `TMPDIR`, git's scratch files.
pub const TMP: &str = "/tmp";
/// Resource requests (see the module doc for where the figures come from).
pub const REQUESTS: [(&str, &str); 2] = [("cpu", "50m"), ("memory", "64Mi")];
/// Resource limits.
pub const LIMITS: [(&str, &str); 1] = [("memory", "1Gi")];
/// The label every generated object carries; `--prune` selects on it.
pub const MANAGED_BY: (&str, &str) = ("app.kubernetes.io/managed-by", "pilotdeck");
/// The label naming which command made a CronJob (`cron` or `always-on`).
pub const COMPONENT: &str = "pilotdeck.dev/component";
/// The non-root user (and group) the containers run as.
pub const UID: u32 = 10001;

/// The init container's script: clone `$REPO_URL` into `$REPO_DIR`, or bring an earlier clone to the
/// remote's HEAD (the agent's work of always-on lives in worktrees under PilotHome, not here).
const CLONE: &str = r#"set -eu
if [ -d "$REPO_DIR/.git" ]; then
  git -C "$REPO_DIR" fetch --quiet origin HEAD
  git -C "$REPO_DIR" reset --quiet --hard FETCH_HEAD
else
  mkdir -p "$(dirname "$REPO_DIR")"
  git clone --quiet "$REPO_URL" "$REPO_DIR"
fi
"#;

/// Where every workload runs: flags of the install commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    pub namespace: Option<String>,
    pub image: String,
    /// The Secret holding the API keys, one key per environment variable.
    pub secret: String,
    /// Environment variables read from the Secret (same key name).
    pub key_envs: Vec<String>,
    /// The PersistentVolumeClaim's name and size.
    pub claim: String,
    pub storage: String,
    /// The ConfigMap holding `pilotdeck.yaml`.
    pub config_map: String,
}

/// One CronJob's own parts.
#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    pub name: String,
    /// `cron` or `always-on` (the [`COMPONENT`] label).
    pub component: &'static str,
    /// Labels besides [`MANAGED_BY`] and [`COMPONENT`].
    pub labels: Map,
    pub schedule: String,
    pub time_zone: String,
    pub starting_deadline_seconds: Option<u64>,
    pub active_deadline_seconds: Option<u64>,
    pub repo_url: String,
    /// Keep the clone on the claim ([`WORKSPACE`]) instead of a fresh one per pod
    /// ([`SCRATCH_WORKSPACE`]).
    pub keep_clone: bool,
    /// Shell lines the init container runs after the clone (with `$REPO_DIR` set).
    pub prepare: Option<String>,
    /// `pilotdeck` arguments of the main container (run in the clone).
    pub args: Vec<String>,
    /// Environment besides PilotHome, the config path, `HOME`/`TMPDIR` and the keys.
    pub env: Vec<EnvVar>,
    /// The config file the main container reads (default: the ConfigMap's).
    pub config_path: Option<String>,
    /// More volumes and where the main container mounts them.
    pub volumes: Vec<(Volume, VolumeMount)>,
}

/// The clone directory of `url` under `base`: `<base>/<name>-<hash>`.
pub fn repo_dir(base: &str, url: &str) -> String {
    let trimmed = url.trim_end_matches('/');
    let last = trimmed
        .rsplit(['/', ':'])
        .next()
        .unwrap_or_default()
        .trim_end_matches(".git");
    let mut name: String = last
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .take(40)
        .collect();
    if name.trim_matches('-').is_empty() {
        name = "repo".to_owned();
    }
    let digest = Sha256::digest(trimmed.as_bytes());
    let hex: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("{base}/{}-{hex}", name.trim_matches('-'))
}

/// A cron expression firing every `seconds`, when that divides an hour or a day.
pub fn interval_schedule(seconds: u64) -> Option<String> {
    let minutes = seconds / 60;
    match minutes {
        m if seconds.is_multiple_of(60) && m > 0 && m < 60 && 60 % m == 0 => {
            Some(format!("*/{m} * * * *"))
        }
        m if seconds.is_multiple_of(3600) && m / 60 < 24 && 24 % (m / 60) == 0 => {
            Some(format!("0 */{} * * *", m / 60))
        }
        1440 if seconds.is_multiple_of(60) => Some("0 0 * * *".to_owned()),
        _ => None,
    }
}

/// A label-safe name part: lower-case alphanumerics and `-`, at most `max` characters.
pub fn dns_label(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').chars().take(max).collect::<String>()
}

fn meta(name: &str, cluster: &Cluster, labels: Map) -> ObjectMeta {
    ObjectMeta {
        name: name.to_owned(),
        namespace: cluster.namespace.clone(),
        labels,
        annotations: Map::new(),
    }
}

fn container(cluster: &Cluster, name: &str, command: Vec<String>, args: Vec<String>) -> Container {
    Container {
        name: name.to_owned(),
        image: cluster.image.clone(),
        command,
        args,
        working_dir: None,
        env: Vec::new(),
        resources: Resources {
            requests: map(REQUESTS),
            limits: map(LIMITS),
        },
        volume_mounts: Vec::new(),
        security_context: ContainerSecurityContext {
            read_only_root_filesystem: true,
            allow_privilege_escalation: false,
            capabilities: Capabilities {
                drop: vec!["ALL".to_owned()],
            },
        },
    }
}

fn mount(name: &str, path: &str, read_only: bool) -> VolumeMount {
    VolumeMount {
        name: name.to_owned(),
        mount_path: path.to_owned(),
        read_only,
    }
}

/// The `PersistentVolumeClaim` every workload mounts.
pub fn claim(cluster: &Cluster) -> PersistentVolumeClaim {
    PersistentVolumeClaim {
        api_version: "v1",
        kind: "PersistentVolumeClaim",
        metadata: meta(&cluster.claim, cluster, map([MANAGED_BY])),
        spec: ClaimSpec {
            access_modes: vec!["ReadWriteOnce".to_owned()],
            resources: ClaimResources {
                requests: map([("storage", cluster.storage.as_str())]),
            },
        },
    }
}

/// The CronJob of `job`.
pub fn cron_job(cluster: &Cluster, job: Job) -> CronJob {
    let mut labels = map([MANAGED_BY, (COMPONENT, job.component)]);
    labels.extend(job.labels);
    let base = if job.keep_clone {
        WORKSPACE
    } else {
        SCRATCH_WORKSPACE
    };
    let repo_dir = repo_dir(base, &job.repo_url);
    let config_path = job
        .config_path
        .unwrap_or_else(|| format!("{CONFIG_DIR}/pilotdeck.yaml"));
    let common_env = vec![
        EnvVar::value("PILOTDECK_HOME", HOME_DIR),
        EnvVar::value("PILOTDECK_CONFIG_PATH", &config_path),
        EnvVar::value("HOME", TMP),
        EnvVar::value("TMPDIR", TMP),
    ];
    let mut mounts = vec![
        mount("data", DATA, false),
        mount("config", CONFIG_DIR, true),
        mount("tmp", TMP, false),
    ];
    if !job.keep_clone {
        mounts.push(mount("workspace", SCRATCH_WORKSPACE, false));
    }
    let mut script = CLONE.to_owned();
    if let Some(prepare) = &job.prepare {
        script.push_str(prepare);
    }
    let mut init = container(
        cluster,
        "clone",
        vec!["/bin/sh".into(), "-c".into(), script],
        Vec::new(),
    );
    init.env = common_env.clone();
    init.env.push(EnvVar::value("REPO_URL", &job.repo_url));
    init.env.push(EnvVar::value("REPO_DIR", &repo_dir));
    init.volume_mounts = mounts.clone();
    let mut main = container(cluster, "pilotdeck", vec!["pilotdeck".into()], job.args);
    main.working_dir = Some(repo_dir);
    main.env = common_env;
    main.env.extend(job.env);
    main.env.extend(
        cluster
            .key_envs
            .iter()
            .map(|k| EnvVar::secret(k, &cluster.secret)),
    );
    main.volume_mounts = mounts;
    let mut volumes = vec![
        Volume {
            name: "data".into(),
            source: VolumeSource::PersistentVolumeClaim {
                claim_name: cluster.claim.clone(),
            },
        },
        Volume {
            name: "config".into(),
            source: VolumeSource::ConfigMap {
                name: cluster.config_map.clone(),
                items: Vec::new(),
            },
        },
        Volume {
            name: "tmp".into(),
            source: VolumeSource::EmptyDir {},
        },
    ];
    if !job.keep_clone {
        volumes.push(Volume {
            name: "workspace".into(),
            source: VolumeSource::EmptyDir {},
        });
    }
    for (volume, mount) in job.volumes {
        volumes.push(volume);
        main.volume_mounts.push(mount);
    }
    let template_meta = TemplateMeta {
        labels: labels.clone(),
    };
    CronJob {
        api_version: "batch/v1",
        kind: "CronJob",
        metadata: meta(&job.name, cluster, labels),
        spec: CronJobSpec {
            schedule: job.schedule,
            time_zone: job.time_zone,
            concurrency_policy: "Forbid",
            starting_deadline_seconds: job.starting_deadline_seconds,
            successful_jobs_history_limit: 3,
            failed_jobs_history_limit: 3,
            job_template: JobTemplate {
                metadata: template_meta.clone(),
                spec: JobSpec {
                    backoff_limit: 0,
                    active_deadline_seconds: job.active_deadline_seconds,
                    template: PodTemplate {
                        metadata: template_meta,
                        spec: PodSpec {
                            restart_policy: "Never",
                            security_context: PodSecurityContext {
                                run_as_non_root: true,
                                run_as_user: UID,
                                run_as_group: UID,
                                fs_group: UID,
                            },
                            init_containers: vec![init],
                            containers: vec![main],
                            volumes,
                        },
                    },
                },
            },
        },
    }
}

/// The `kubectl delete` command that removes the CronJobs of `component` whose `label` is not one
/// of `keep` (all of them when `keep` is empty).
pub fn prune_command(
    namespace: Option<&str>,
    component: &str,
    label: &str,
    keep: &[String],
) -> String {
    let mut selector = format!("{}={},{COMPONENT}={component}", MANAGED_BY.0, MANAGED_BY.1);
    if !keep.is_empty() {
        selector.push_str(&format!(",{label} notin ({})", keep.join(",")));
    }
    let ns = namespace
        .map(|n| format!(" --namespace {n}"))
        .unwrap_or_default();
    format!("kubectl delete cronjob{ns} --selector '{selector}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repo_dirs_are_named_for_the_repository_and_unique_per_url() {
        let a = repo_dir(WORKSPACE, "https://github.com/acme/Web-App.git");
        assert!(a.starts_with("/data/workspace/web-app-"), "{a}");
        assert_ne!(a, repo_dir(WORKSPACE, "git@github.com:other/web-app.git"));
        assert_eq!(
            a,
            repo_dir(WORKSPACE, "https://github.com/acme/Web-App.git/")
        );
        assert!(repo_dir("/w", "file:///").starts_with("/w/repo-"));
    }

    #[test]
    fn intervals_become_cron_expressions_when_they_divide_the_hour_or_day() {
        assert_eq!(interval_schedule(900).as_deref(), Some("*/15 * * * *"));
        assert_eq!(interval_schedule(6 * 3600).as_deref(), Some("0 */6 * * *"));
        assert_eq!(interval_schedule(86_400).as_deref(), Some("0 0 * * *"));
        assert_eq!(interval_schedule(7 * 60), None);
        assert_eq!(interval_schedule(5 * 3600), None);
        assert_eq!(interval_schedule(90), None);
    }

    #[test]
    fn prune_keeps_the_listed_values() {
        assert_eq!(
            prune_command(
                Some("ci"),
                "cron",
                "pilotdeck.dev/task",
                &["a".into(), "b".into()]
            ),
            "kubectl delete cronjob --namespace ci --selector 'app.kubernetes.io/managed-by=pilotdeck,pilotdeck.dev/component=cron,pilotdeck.dev/task notin (a,b)'"
        );
        assert!(!prune_command(None, "cron", "x", &[]).contains("notin"));
    }
}
