//! `cron install --kubernetes` and `always-on install --kubernetes` end to end (the harness is
//! `support/kube.rs`): every generated manifest is validated against the Kubernetes OpenAPI schema by
//! the pinned `kubernetes-validate` (PyPI, installed by `.ci/run`), and the pods' containers are run
//! for real — the init container's clone from a `file://` remote, then the main container's command
//! with the arguments, working directory and environment taken from the manifest — with temporary
//! directories standing in for the volumes, against the mock model. What the pod recorded is then
//! read back with `cron history` and `always-on show/apply` against that PilotHome.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

mod always_on_common;
#[path = "support/kube.rs"]
mod kube;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use std::path::{Path, PathBuf};

use always_on_common::{APP, git, git_project, mount_discovery, mount_execution};
use kube::{Pod, config_maps, docs, env_of, find, pod_spec, read_dir_yaml, validate};
use mock_model::{MockModel, Turn, openai};
use serde_yaml::Value;
use support::TestEnv;

/// Checks what every generated CronJob must have.
fn check_cron_job(job: &Value, schedule: &str, zone: &str, key_env: &str) {
    let spec = &job["spec"];
    assert_eq!(spec["schedule"], schedule);
    assert_eq!(spec["timeZone"], zone);
    assert_eq!(spec["concurrencyPolicy"], "Forbid");
    assert_eq!(spec["jobTemplate"]["spec"]["backoffLimit"], 0);
    let pod = pod_spec(job);
    assert_eq!(pod["restartPolicy"], "Never");
    assert_eq!(pod["securityContext"]["runAsNonRoot"], true);
    let main = &pod["containers"][0];
    let key = env_of(main, key_env);
    assert_eq!(
        key["valueFrom"]["secretKeyRef"]["name"],
        "pilotdeck-api-keys"
    );
    assert_eq!(key["valueFrom"]["secretKeyRef"]["key"], key_env);
    assert!(
        key.get("value").is_none(),
        "a key value is inlined: {key:?}"
    );
    assert_eq!(env_of(main, "PILOTDECK_HOME")["value"], "/data/home");
    assert_eq!(main["securityContext"]["readOnlyRootFilesystem"], true);
    let claim = pod["volumes"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|v| v.get("persistentVolumeClaim").is_some())
        .unwrap();
    assert_eq!(
        claim["persistentVolumeClaim"]["claimName"],
        "pilotdeck-data"
    );
    let init = &pod["initContainers"][0];
    assert_eq!(init["image"], main["image"]);
    assert!(
        init["command"][2]
            .as_str()
            .unwrap()
            .contains("git clone --quiet \"$REPO_URL\" \"$REPO_DIR\"")
    );
}

fn check_claim(objects: &[Value]) {
    let claim = find(objects, "PersistentVolumeClaim", "pilotdeck-data");
    assert_eq!(claim["spec"]["accessModes"][0], "ReadWriteOnce");
}

/// A project whose `origin` is a bare repository reached over `file://`; returns the remote's URL.
fn project_with_remote(env: &TestEnv) -> (String, PathBuf) {
    git_project(env);
    let remote = env.tmp.path().join("remote.git");
    git(
        env.tmp.path(),
        &["init", "-q", "--bare", remote.to_str().unwrap()],
    );
    let url = format!("file://{}", remote.display());
    git(&env.project, &["remote", "add", "origin", &url]);
    git(
        &env.project,
        &["push", "-q", "origin", "HEAD:refs/heads/main"],
    );
    (url, remote)
}

/// The configuration the pods get from the `pilotdeck-config` ConfigMap (and the install reads):
/// the mock model, its key from `$MOCK_API_KEY`.
fn config(mock: &MockModel, extra: &str) -> String {
    format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: ${{MOCK_API_KEY}}\n      models:\n        gpt-4.1: {{}}\n{extra}",
        mock.base_url()
    )
}

#[test]
fn cron_tasks_become_valid_cron_jobs_whose_pods_run_and_record_in_the_claim() {
    let mock = MockModel::spawn();
    mock.answer_titles("Repo summary");
    mock.mount(
        openai::stream(&Turn::new().text("all good").usage(10, 2)),
        2,
    );
    let env = TestEnv::new();
    let (url, _) = project_with_remote(&env);
    let user_config = config(&mock, "");
    env.config(&user_config);
    let add = |args: &[&str]| {
        let mut all = vec!["--json", "cron", "add"];
        all.extend_from_slice(args);
        env.cmd().args(all).run(0).json()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let id = add(&[
        "--cron",
        "30 9 * * MON-FRI",
        "--tz",
        "Europe/Berlin",
        "--catch-up",
        "skip",
        "--timeout",
        "10m",
        "summarize the repository",
    ]);
    let gone = add(&["--every", "15m", "check the build"]);
    let out = env.tmp.path().join("k8s");
    let install = |prune: bool| {
        let mut args = vec!["cron", "install", "--kubernetes", "--namespace", "agents"];
        args.extend(["--out", out.to_str().unwrap()]);
        if prune {
            args.push("--prune");
        }
        env.cmd().args(args).run(0)
    };
    install(false);
    let (files, yaml) = read_dir_yaml(&out);
    validate(&yaml, env.tmp.path());
    let objects = docs(&yaml);
    check_claim(&objects);
    assert!(
        std::fs::read_to_string(out.join("kustomization.yaml"))
            .unwrap()
            .contains("cronjob-pilotdeck-cron-")
    );
    let job = find(&objects, "CronJob", &format!("pilotdeck-cron-{id}"));
    check_cron_job(job, "30 9 * * MON-FRI", "Europe/Berlin", "MOCK_API_KEY");
    assert_eq!(job["metadata"]["namespace"], "agents");
    assert_eq!(job["metadata"]["labels"]["pilotdeck.dev/task"], id.as_str());
    assert_eq!(
        job["spec"]["startingDeadlineSeconds"], 300,
        "catch-up skip: 5 minutes"
    );
    assert_eq!(
        job["spec"]["jobTemplate"]["spec"]["activeDeadlineSeconds"],
        900
    );
    assert_eq!(
        env_of(&pod_spec(job)["initContainers"][0], "REPO_URL")["value"],
        url.as_str()
    );
    let every = find(&objects, "CronJob", &format!("pilotdeck-cron-{gone}"));
    check_cron_job(every, "*/15 * * * *", "Etc/UTC", "MOCK_API_KEY");
    assert_eq!(
        every["spec"]["startingDeadlineSeconds"], 900,
        "catch-up once: one period"
    );
    assert_eq!(files.len(), 4, "{files:?}");

    // A removed task's CronJob is pruned: its file goes, and the cluster command keeps only `id`.
    env.cmd().args(["cron", "rm", &gone]).run(0);
    let run = install(true);
    let (files, yaml) = read_dir_yaml(&out);
    assert!(!files.iter().any(|f| f.contains(&gone)), "{files:?}");
    assert!(
        run.stdout.contains(&format!(
            "removed {}",
            out.join(format!("cronjob-pilotdeck-cron-{gone}.yaml"))
                .display()
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains(&format!(
            "kubectl delete cronjob --namespace agents --selector 'app.kubernetes.io/managed-by=pilotdeck,pilotdeck.dev/component=cron,pilotdeck.dev/task notin ({id})'"
        )),
        "{}",
        run.stderr
    );
    validate(&yaml, env.tmp.path());
    let objects = docs(&yaml);
    let job = find(&objects, "CronJob", &format!("pilotdeck-cron-{id}"));

    // Fire the pod twice (a fresh clone, then an update of it), as Kubernetes would.
    let pod_root = env.tmp.path().join("pod");
    let maps = config_maps(&objects, &user_config);
    // Fire the pod twice, as Kubernetes would: each pod clones afresh into its own emptyDir, at the
    // same path (so one project), and records into the claim.
    let workdir = pod_spec(job)["containers"][0]["workingDir"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(workdir.starts_with("/workspace/remote-"), "{workdir}");
    let mut clones = Vec::new();
    for _ in 0..2 {
        let pod = Pod::new(job, &pod_root, &maps);
        pod.fire(job, &[("MOCK_API_KEY", "test-key")]);
        clones.push(pod.host(&workdir));
    }
    assert_ne!(clones[0], clones[1]);
    let pod = Pod::new(job, &pod_root, &maps);
    let clone = &clones[1];
    assert_eq!(std::fs::read_to_string(clone.join("app.txt")).unwrap(), APP);
    let asked: Vec<_> = mock
        .requests()
        .into_iter()
        .filter(|r| {
            r.body["messages"]
                .to_string()
                .contains("summarize the repository")
        })
        .collect();
    assert!(asked.len() >= 2, "{asked:?}");
    for r in &asked {
        assert_eq!(
            r.header("authorization"),
            Some("Bearer test-key"),
            "the key from the Secret"
        );
    }

    // The runs are in the claim's PilotHome, under the task's id.
    let history = env
        .cmd()
        .env("PILOTDECK_HOME", pod.host("/data/home"))
        .args(["--json", "cron", "history", &id])
        .run(0)
        .json();
    let runs = history.as_array().unwrap();
    assert_eq!(runs.len(), 2, "{history}");
    for run in runs {
        assert_eq!(run["task_id"], id.as_str());
        assert_eq!(run["status"], "completed", "{run}");
        assert_eq!(run["trigger"], "schedule");
        assert_eq!(run["text"], "all good");
    }

    // always-on writes into the same directory: one claim, and the kustomization lists everything.
    env.cmd()
        .args([
            "always-on",
            "install",
            "--kubernetes",
            &url,
            "--out",
            out.to_str().unwrap(),
        ])
        .run(0);
    let kustomization: Value =
        serde_yaml::from_str(&std::fs::read_to_string(out.join("kustomization.yaml")).unwrap())
            .unwrap();
    let (files, yaml) = read_dir_yaml(&out);
    assert_eq!(
        kustomization["resources"],
        serde_yaml::to_value(&files).unwrap()
    );
    assert_eq!(files.len(), 4, "{files:?}");
    assert!(
        files
            .iter()
            .any(|f| f.starts_with("cronjob-pilotdeck-always-on-remote-"))
    );
    validate(&yaml, env.tmp.path());
}

#[test]
fn the_example_kustomization_and_config_are_valid() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/kubernetes");
    let env = TestEnv::new();
    validate(
        &std::fs::read_to_string(dir.join("namespace.yaml")).unwrap(),
        env.tmp.path(),
    );
    let kustomization: Value =
        serde_yaml::from_str(&std::fs::read_to_string(dir.join("kustomization.yaml")).unwrap())
            .unwrap();
    let names: Vec<&str> = ["configMapGenerator", "secretGenerator"]
        .iter()
        .map(|k| kustomization[*k][0]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["pilotdeck-config", "pilotdeck-api-keys"],
        "the names the CronJobs use"
    );
    assert_eq!(
        kustomization["images"][0]["name"], "pilotdeck",
        "the default --image's name"
    );
    let config = dir.join("pilotdeck.yaml");
    let run = env
        .cmd()
        .env("OPENAI_API_KEY", "sk-test")
        .args([
            "--json",
            "--config",
            config.to_str().unwrap(),
            "config",
            "validate",
        ])
        .run(0);
    assert_eq!(run.json()["valid"], true, "{}", run.stdout);
    assert_eq!(
        run.json()["diagnostics"],
        serde_json::json!([]),
        "{}",
        run.stdout
    );
}

#[test]
fn always_on_repositories_become_valid_cron_jobs_whose_ticks_leave_plans_to_read_and_push() {
    let mock = MockModel::spawn();
    mock.answer_titles("Always-on");
    let env = TestEnv::new();
    let (url, remote) = project_with_remote(&env);
    let user_config = config(
        &mock,
        "alwaysOn:\n  enabled: true\n  trigger:\n    tickIntervalMinutes: 15\n",
    );
    env.config(&user_config);
    let run = env
        .cmd()
        .args([
            "always-on",
            "install",
            "--kubernetes",
            &url,
            "--image",
            "registry.example/pilotdeck:1",
        ])
        .run(0);
    validate(&run.stdout, env.tmp.path());
    let objects = docs(&run.stdout);
    check_claim(&objects);
    let jobs: Vec<&Value> = objects.iter().filter(|o| o["kind"] == "CronJob").collect();
    assert_eq!(jobs.len(), 1);
    let job = jobs[0];
    check_cron_job(job, "*/15 * * * *", "Etc/UTC", "MOCK_API_KEY");
    assert_eq!(job["spec"]["startingDeadlineSeconds"], 900);
    let main = &pod_spec(job)["containers"][0];
    assert_eq!(main["image"], "registry.example/pilotdeck:1");
    assert_eq!(
        main["args"],
        serde_yaml::to_value(["always-on", "tick"]).unwrap()
    );

    // The pod: clone, enable always-on for the clone in the pod's config copy, tick.
    mount_discovery(&mock, "upper-five");
    mount_execution(&mock);
    let pod = Pod::new(
        job,
        &env.tmp.path().join("pod"),
        &config_maps(&objects, &user_config),
    );
    let out = pod.fire(job, &[("MOCK_API_KEY", "test-key")]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("executed"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // The next firing finds the clone on the claim and brings it to the remote's HEAD (a new
    // commit there); the tick then stops at its cooldown gate (exit 0), with no model call.
    let main_dir = pod.host(main["workingDir"].as_str().unwrap());
    assert!(
        main_dir.starts_with(pod.host("/data")),
        "the clone is on the claim"
    );
    env.write(&env.project.join("CHANGELOG.md"), "new\n");
    git(&env.project, &["add", "CHANGELOG.md"]);
    git(&env.project, &["commit", "-qm", "changelog"]);
    git(
        &env.project,
        &["push", "-q", "origin", "HEAD:refs/heads/main"],
    );
    let out = pod.fire(job, &[("MOCK_API_KEY", "test-key")]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("cooldown"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(
        std::fs::read_to_string(main_dir.join("CHANGELOG.md")).unwrap(),
        "new\n"
    );

    // Read the result against the claim's PilotHome.
    let home = pod.host("/data/home");
    let ao = |args: &[&str]| {
        let mut all = vec!["--json", "always-on"];
        all.extend_from_slice(args);
        env.cmd()
            .env("PILOTDECK_HOME", &home)
            .args(all)
            .run(0)
            .json()
    };
    let plans = ao(&["plans", "--all"]);
    let plan = plans[0]["id"].as_str().unwrap().to_owned();
    let shown = ao(&["show", &plan]);
    assert!(
        shown.to_string().contains("Upper-case the last line"),
        "{shown}"
    );
    let patch = env.tmp.path().join("plan.patch");
    ao(&["apply", &plan, "--patch", patch.to_str().unwrap()]);
    let text = std::fs::read_to_string(&patch).unwrap();
    assert!(text.contains("-five\n+FIVE"), "{text}");

    // Only on request, the work goes to the remote as a branch; the clone is untouched.
    let clone = pod.host(main["workingDir"].as_str().unwrap());
    ao(&["apply", &plan, "--push-branch", "agent/upper-five"]);
    let pushed = git(&remote, &["show", "agent/upper-five:app.txt"]);
    assert_eq!(pushed, APP.replace("five", "FIVE"));
    assert_eq!(std::fs::read_to_string(clone.join("app.txt")).unwrap(), APP);
    assert_eq!(git(&remote, &["branch", "--list"]).lines().count(), 2);
}

#[test]
fn bad_input_gets_a_clear_error() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    git_project(&env);
    env.config(&config(
        &mock,
        "alwaysOn:\n  enabled: true\n  trigger:\n    tickIntervalMinutes: 7\n",
    ));
    env.cmd()
        .args(["cron", "add", "--cron", "@daily", "report"])
        .run(0);
    let run = env.cmd().args(["cron", "install", "--kubernetes"]).run(2);
    assert!(
        run.stderr.contains("has no `origin` remote"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);

    let run = env
        .cmd()
        .args(["cron", "run", "--task-file", "missing.json"])
        .run(2);
    assert!(
        run.stderr
            .contains("cannot read the task file `missing.json`"),
        "{}",
        run.stderr
    );
    env.write(&env.project.join("task.json"), "{\"id\": \"x\"}");
    let run = env
        .cmd()
        .args(["cron", "run", "--task-file", "task.json"])
        .run(2);
    assert!(run.stderr.contains("missing field"), "{}", run.stderr);

    let run = env
        .cmd()
        .args([
            "always-on",
            "install",
            "--kubernetes",
            "https://example.com/a.git",
        ])
        .run(2);
    assert!(
        run.stderr.contains("tickIntervalMinutes is 7"),
        "{}",
        run.stderr
    );
    let run = env
        .cmd()
        .args(["always-on", "install", "https://example.com/a.git"])
        .run(2);
    assert!(run.stderr.contains("--kubernetes"), "{}", run.stderr);
}
