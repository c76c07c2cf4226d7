//! Kubernetes manifests in tests: validation against the Kubernetes OpenAPI schema with the pinned
//! `kubernetes-validate` (installed by `.ci/run` into the `PILOTDECK_TEST_PYTHON` venv; a missing
//! validator fails the test, never skips it), lookups in parsed manifests, and [`Pod`]: a CronJob's
//! pod run for real on this machine — its volumes as directories, its containers' commands,
//! arguments, working directories and environment taken from the manifest.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "test support: a failed step should panic, and it starts the pod's processes directly"
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_yaml::Value;

/// The Kubernetes version whose schema the manifests must satisfy (`kubernetes-validate -k`).
pub(crate) const K8S_VERSION: &str = "1.33.0";

/// Validates `yaml` (one or more documents) in strict mode; panics with the validator's report.
pub(crate) fn validate(yaml: &str, dir: &Path) {
    let python = crate::support::python_with_mcp_sdk();
    let probe = std::process::Command::new(&python)
        .args(["-m", "kubernetes_validate", "--version"])
        .output()
        .unwrap();
    assert!(
        probe.status.success(),
        "kubernetes-validate is not installed for {}: run .ci/run (it installs the pinned \
         kubernetes-validate from PyPI into that venv)\n{}",
        python.display(),
        String::from_utf8_lossy(&probe.stderr)
    );
    let file = dir.join(format!("manifest-{}.yaml", docs(yaml).len()));
    std::fs::write(&file, yaml).unwrap();
    let out = std::process::Command::new(&python)
        .args(["-m", "kubernetes_validate", "--strict", "-k", K8S_VERSION])
        .arg(&file)
        .output()
        .unwrap();
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{report}\n{yaml}");
    assert_eq!(
        report.matches(" passed for resource ").count(),
        docs(yaml).len(),
        "{report}"
    );
}

pub(crate) fn docs(yaml: &str) -> Vec<Value> {
    serde_yaml::Deserializer::from_str(yaml)
        .map(|d| Value::deserialize(d).unwrap())
        .collect()
}

pub(crate) fn find<'a>(objects: &'a [Value], kind: &str, name: &str) -> &'a Value {
    objects
        .iter()
        .find(|o| o["kind"] == kind && o["metadata"]["name"] == name)
        .unwrap_or_else(|| panic!("no {kind} {name} in {objects:?}"))
}

pub(crate) fn pod_spec(cron_job: &Value) -> &Value {
    &cron_job["spec"]["jobTemplate"]["spec"]["template"]["spec"]
}

pub(crate) fn env_of(container: &Value, name: &str) -> Value {
    container["env"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("no env {name} in {container:?}"))
}

/// A pod's volumes as directories: mount paths are rewritten to them in every argument and
/// environment value of the containers (the only change made to what the manifest says).
pub(crate) struct Pod {
    /// (mount path in the pod, directory standing in for it), longest path first.
    mounts: Vec<(String, PathBuf)>,
    bin: PathBuf,
}

impl Pod {
    /// Lays out the volumes of `job` under `root`: the claim at `root/data` (kept between runs),
    /// ConfigMaps filled from `config_maps` (name → key → text), emptyDirs fresh.
    pub(crate) fn new(
        job: &Value,
        root: &Path,
        config_maps: &BTreeMap<String, BTreeMap<String, String>>,
    ) -> Pod {
        let spec = pod_spec(job);
        let run = root.join(format!("run-{}", ulid::Ulid::generate()));
        let mut dirs = BTreeMap::new();
        for volume in spec["volumes"].as_sequence().unwrap() {
            let name = volume["name"].as_str().unwrap().to_owned();
            let dir = if volume.get("persistentVolumeClaim").is_some() {
                root.join("claim")
            } else {
                run.join(&name)
            };
            std::fs::create_dir_all(&dir).unwrap();
            if let Some(cm) = volume.get("configMap") {
                let data = &config_maps[cm["name"].as_str().unwrap()];
                match cm.get("items").and_then(Value::as_sequence) {
                    Some(items) => {
                        for item in items {
                            let text = &data[item["key"].as_str().unwrap()];
                            std::fs::write(dir.join(item["path"].as_str().unwrap()), text).unwrap();
                        }
                    }
                    None => {
                        for (key, text) in data {
                            std::fs::write(dir.join(key), text).unwrap();
                        }
                    }
                }
            }
            dirs.insert(name, dir);
        }
        let mut mounts: Vec<(String, PathBuf)> = spec["containers"][0]["volumeMounts"]
            .as_sequence()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["mountPath"].as_str().unwrap().to_owned(),
                    dirs[m["name"].as_str().unwrap()].clone(),
                )
            })
            .collect();
        mounts.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
        let bin = assert_cmd::cargo::cargo_bin("pilotdeck")
            .parent()
            .unwrap()
            .to_owned();
        Pod { mounts, bin }
    }

    /// `text` with each mount path (a whole path component sequence) replaced by its directory.
    pub(crate) fn map(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        'outer: while !rest.is_empty() {
            let at_start = out.is_empty() || out.ends_with([' ', '"', '\'', '=', '\n', ':']);
            if at_start {
                for (path, dir) in &self.mounts {
                    if let Some(after) = rest.strip_prefix(path.as_str())
                        && (after.is_empty() || after.starts_with(['/', '"', ' ', '\n', '\'']))
                    {
                        out.push_str(dir.to_str().unwrap());
                        rest = after;
                        continue 'outer;
                    }
                }
            }
            let c = rest.chars().next().unwrap();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }

    /// Runs `container` as the pod would: its command and args, working directory and environment
    /// (secrets from `secrets`), nothing else of the test's environment but `PATH`.
    pub(crate) fn run(&self, container: &Value, secrets: &[(&str, &str)]) -> std::process::Output {
        let strings = |v: &Value| -> Vec<String> {
            v.as_sequence()
                .map(|s| s.iter().map(|a| self.map(a.as_str().unwrap())).collect())
                .unwrap_or_default()
        };
        let mut argv = strings(&container["command"]);
        argv.extend(strings(&container["args"]));
        let program = if argv[0] == "pilotdeck" {
            self.bin.join("pilotdeck")
        } else {
            PathBuf::from(&argv[0])
        };
        let mut cmd = std::process::Command::new(program);
        cmd.args(&argv[1..]).env_clear().env(
            "PATH",
            format!("{}:/usr/local/bin:/usr/bin:/bin", self.bin.display()),
        );
        if let Some(dir) = container["workingDir"].as_str() {
            cmd.current_dir(self.map(dir));
        } else {
            cmd.current_dir(&self.mounts[0].1);
        }
        for e in container["env"].as_sequence().unwrap() {
            let name = e["name"].as_str().unwrap();
            match e["value"].as_str() {
                Some(v) => cmd.env(name, self.map(v)),
                None => {
                    let key = e["valueFrom"]["secretKeyRef"]["key"].as_str().unwrap();
                    let value = secrets.iter().find(|(k, _)| *k == key).unwrap().1;
                    cmd.env(name, value)
                }
            };
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "container {:?} failed\n--- stdout\n{}\n--- stderr\n{}",
            container["name"],
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// Runs the init container, then the main one.
    pub(crate) fn fire(&self, job: &Value, secrets: &[(&str, &str)]) -> std::process::Output {
        let spec = pod_spec(job);
        for init in spec["initContainers"].as_sequence().unwrap() {
            self.run(init, secrets);
        }
        self.run(&spec["containers"][0], secrets)
    }

    /// The directory standing in for `path` inside the pod.
    pub(crate) fn host(&self, path: &str) -> PathBuf {
        PathBuf::from(self.map(path))
    }
}

pub(crate) fn read_dir_yaml(dir: &Path) -> (Vec<String>, String) {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "kustomization.yaml")
        .collect();
    names.sort();
    let yaml = names
        .iter()
        .map(|n| std::fs::read_to_string(dir.join(n)).unwrap())
        .collect::<Vec<_>>()
        .join("---\n");
    (names, yaml)
}

pub(crate) fn config_maps(
    objects: &[Value],
    user_config: &str,
) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut maps = BTreeMap::new();
    maps.insert(
        "pilotdeck-config".to_owned(),
        BTreeMap::from([("pilotdeck.yaml".to_owned(), user_config.to_owned())]),
    );
    for cm in objects.iter().filter(|o| o["kind"] == "ConfigMap") {
        let data = cm["data"]
            .as_mapping()
            .unwrap()
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str().unwrap().to_owned(),
                    v.as_str().unwrap().to_owned(),
                )
            })
            .collect();
        maps.insert(cm["metadata"]["name"].as_str().unwrap().to_owned(), data);
    }
    maps
}
