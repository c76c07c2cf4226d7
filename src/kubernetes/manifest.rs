//! The Kubernetes objects pilotdeck writes, as typed serde structs named and shaped like the API's
//! (`batch/v1` CronJob, `v1` PersistentVolumeClaim and ConfigMap), with only the fields pilotdeck
//! sets. [`to_yaml`] renders a list of them as one multi-document YAML stream.

use std::collections::BTreeMap;

use serde::Serialize;

/// String-to-string maps (labels, data, resource quantities), sorted for stable output.
pub type Map = BTreeMap<String, String>;

#[derive(Debug, Clone, PartialEq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub labels: Map,
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub annotations: Map,
}

/// One object of a manifest.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Object {
    CronJob(Box<CronJob>),
    Claim(PersistentVolumeClaim),
    ConfigMap(ConfigMap),
}

impl Object {
    pub fn kind(&self) -> &'static str {
        match self {
            Object::CronJob(_) => "CronJob",
            Object::Claim(_) => "PersistentVolumeClaim",
            Object::ConfigMap(_) => "ConfigMap",
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Object::CronJob(o) => &o.metadata.name,
            Object::Claim(o) => &o.metadata.name,
            Object::ConfigMap(o) => &o.metadata.name,
        }
    }

    /// The file an object is written to with `--out DIR`: `cronjob-NAME.yaml`.
    pub fn file_name(&self) -> String {
        format!("{}-{}.yaml", self.kind().to_ascii_lowercase(), self.name())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJob {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub metadata: ObjectMeta,
    pub spec: CronJobSpec,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobSpec {
    pub schedule: String,
    /// IANA zone name the schedule is read in.
    pub time_zone: String,
    /// `Forbid`: a run still going when the next slot comes skips that slot.
    pub concurrency_policy: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starting_deadline_seconds: Option<u64>,
    pub successful_jobs_history_limit: u32,
    pub failed_jobs_history_limit: u32,
    pub job_template: JobTemplate,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JobTemplate {
    pub metadata: TemplateMeta,
    pub spec: JobSpec,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TemplateMeta {
    pub labels: Map,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JobSpec {
    /// 0: pilotdeck retries model calls itself; a failed run is recorded, not repeated.
    pub backoff_limit: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_deadline_seconds: Option<u64>,
    pub template: PodTemplate,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PodTemplate {
    pub metadata: TemplateMeta,
    pub spec: PodSpec,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PodSpec {
    pub restart_policy: &'static str,
    pub security_context: PodSecurityContext,
    pub init_containers: Vec<Container>,
    pub containers: Vec<Container>,
    pub volumes: Vec<Volume>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PodSecurityContext {
    pub run_as_non_root: bool,
    pub run_as_user: u32,
    pub run_as_group: u32,
    /// The volume's files belong to this group, so the non-root user can write PilotHome.
    pub fs_group: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    pub name: String,
    pub image: String,
    pub command: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub working_dir: Option<String>,
    pub env: Vec<EnvVar>,
    pub resources: Resources,
    pub volume_mounts: Vec<VolumeMount>,
    pub security_context: ContainerSecurityContext,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EnvVar {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_from: Option<EnvVarSource>,
}

impl EnvVar {
    pub fn value(name: &str, value: &str) -> EnvVar {
        EnvVar {
            name: name.to_owned(),
            value: Some(value.to_owned()),
            value_from: None,
        }
    }

    /// `name` read from key `name` of the Secret `secret` (the value never appears here).
    pub fn secret(name: &str, secret: &str) -> EnvVar {
        EnvVar {
            name: name.to_owned(),
            value: None,
            value_from: Some(EnvVarSource {
                secret_key_ref: KeyRef {
                    name: secret.to_owned(),
                    key: name.to_owned(),
                },
            }),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EnvVarSource {
    pub secret_key_ref: KeyRef,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KeyRef {
    pub name: String,
    pub key: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Resources {
    pub requests: Map,
    pub limits: Map,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerSecurityContext {
    pub read_only_root_filesystem: bool,
    pub allow_privilege_escalation: bool,
    pub capabilities: Capabilities,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Capabilities {
    pub drop: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VolumeMount {
    pub name: String,
    pub mount_path: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub read_only: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Volume {
    pub name: String,
    #[serde(flatten)]
    pub source: VolumeSource,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum VolumeSource {
    PersistentVolumeClaim {
        #[serde(rename = "claimName")]
        claim_name: String,
    },
    ConfigMap {
        name: String,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        items: Vec<KeyToPath>,
    },
    EmptyDir {},
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KeyToPath {
    pub key: String,
    pub path: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaim {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub metadata: ObjectMeta,
    pub spec: ClaimSpec,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClaimSpec {
    pub access_modes: Vec<String>,
    pub resources: ClaimResources,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClaimResources {
    pub requests: Map,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMap {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub metadata: ObjectMeta,
    pub data: Map,
}

/// `objects` as one YAML stream, `---` between documents.
pub fn to_yaml(objects: &[Object]) -> Result<String, serde_yaml::Error> {
    let docs = objects
        .iter()
        .map(serde_yaml::to_string)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(docs.join("---\n"))
}

/// A map from `(key, value)` pairs.
pub fn map<const N: usize>(pairs: [(&str, &str); N]) -> Map {
    pairs
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}
