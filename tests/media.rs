//! Media in, end to end: `run --image/--file`, `read_file` on an image, media-aware routing, and
//! media kept by reference in transcripts, against the mock model server speaking each wire format.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files directly"
)]

#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;
#[path = "support/media.rs"]
mod test_media;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use mock_model::{MockModel, anthropic, openai, responses};
use serde_json::Value;
use support::{Run, TestEnv};
use test_media::{
    bomb_pdf, encrypted_pdf, noisy_png, object_stream_bomb_pdf, png_header, text_pdf,
};

/// A config whose agent model is `mock/MODEL` over `protocol`, with `entry` as the model's entry
/// and `extra` appended.
fn config(mock: &MockModel, protocol: &str, model: &str, entry: &str, extra: &str) -> String {
    format!(
        "agent:\n  model: mock/{model}\nmodel:\n  providers:\n    mock:\n      protocol: {protocol}\n      url: {}\n      apiKey: test-key\n      models:\n        {model}: {entry}\n{extra}",
        mock.base_url()
    )
}

/// A mock server that answers titles and then serves `replies` in order.
fn mock_with(replies: Vec<mock_model::Reply>) -> MockModel {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    for reply in replies {
        mock.push(reply);
    }
    mock
}

/// The `image_url` of the second part of the last message of a Chat Completions request.
fn last_image_url(body: &Value) -> String {
    body["messages"].as_array().unwrap().last().unwrap()["content"][1]["image_url"]["url"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// A test environment with `bytes` written as `shot.png` in the project.
fn env_with(yaml: &str, name: &str, bytes: &[u8]) -> TestEnv {
    let env = TestEnv::new();
    env.config(yaml);
    std::fs::write(env.project.join(name), bytes).unwrap();
    env
}

/// Runs `pilotdeck run FLAG NAME "What is this?"` with `bytes` as the project's file `NAME` and
/// `mock/MODEL` over `protocol` (model entry `entry`) as the agent's model.
fn run_with(
    mock: &MockModel,
    (protocol, model, entry): (&str, &str, &str),
    flag: &str,
    name: &str,
    bytes: &[u8],
) -> TestEnv {
    let env = env_with(&config(mock, protocol, model, entry, ""), name, bytes);
    env.cmd().args(["run", flag, name, "What is this?"]).run(0);
    env
}

/// `run --file NAME` against a mock OpenAI model (which takes no documents): the run and the body of
/// its one request.
fn openai_run_with_file(name: &str, bytes: &[u8]) -> (Run, String) {
    let mock = mock_with(vec![openai::text("Noted.")]);
    let env = env_with(&config(&mock, "openai", "gpt-4.1", "{}", ""), name, bytes);
    let run = (env.cmd())
        .args(["run", "--file", name, "What is this?"])
        .run(0);
    (run, mock.single_request().body.to_string())
}

/// The bytes of a `data:` URL.
fn data_url_bytes(url: &str) -> (String, Vec<u8>) {
    let rest = url.strip_prefix("data:").unwrap();
    let (mime, data) = rest.split_once(";base64,").unwrap();
    (mime.to_owned(), STANDARD.decode(data).unwrap())
}

/// Every transcript of the project, concatenated.
fn transcripts_text(env: &TestEnv) -> String {
    env.transcripts()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// The transcript holds a reference to a stored copy of `bytes`, and never their base64.
fn assert_kept_by_reference(env: &TestEnv, bytes: &[u8]) {
    let text = transcripts_text(env);
    assert!(
        !text.contains(&STANDARD.encode(bytes)),
        "base64 in the transcript"
    );
    assert!(!text.contains(";base64,"), "a data URL in the transcript");
    let user: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["type"] == "user")
        .unwrap();
    let reference = user["message"]["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["type"] == "media_reference")
        .unwrap_or_else(|| panic!("no media reference: {user}"));
    let path = reference["path"].as_str().unwrap();
    assert!(path.contains("/sessions/"), "{path}");
    assert!(path.contains("/media/"), "{path}");
    assert_eq!(std::fs::read(path).unwrap(), bytes);
}

#[test]
fn an_image_reaches_the_openai_format_as_an_image_url_data_url() {
    let mock = mock_with(vec![openai::text("A noisy square.")]);
    let png = noisy_png(32, 32);
    let env = run_with(
        &mock,
        ("openai", "gpt-4.1", "{}"),
        "--image",
        "shot.png",
        &png,
    );
    let body = &mock.single_request().body;
    let content = body["messages"].as_array().unwrap().last().unwrap()["content"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(
        content[0],
        serde_json::json!({"type": "text", "text": "What is this?"})
    );
    assert_eq!(content[1]["type"], "image_url");
    let (mime, bytes) = data_url_bytes(content[1]["image_url"]["url"].as_str().unwrap());
    assert_eq!(mime, "image/png");
    assert_eq!(bytes, png);
    assert_kept_by_reference(&env, &png);
}

#[test]
fn an_image_reaches_the_anthropic_format_as_a_base64_image_source() {
    let mock = mock_with(vec![anthropic::text("A noisy square.")]);
    let png = noisy_png(32, 32);
    run_with(
        &mock,
        ("anthropic", "claude-sonnet-4-5", "{}"),
        "--image",
        "shot.png",
        &png,
    );
    let body = &mock.single_request().body;
    let content = body["messages"][0]["content"].as_array().unwrap().clone();
    let image = content.iter().find(|b| b["type"] == "image").unwrap();
    assert_eq!(image["source"]["type"], "base64");
    assert_eq!(image["source"]["media_type"], "image/png");
    let data = STANDARD
        .decode(image["source"]["data"].as_str().unwrap())
        .unwrap();
    assert_eq!(data, png);
}

#[test]
fn an_image_reaches_the_responses_format_as_an_input_image() {
    let mock = mock_with(vec![responses::text("A noisy square.")]);
    let png = noisy_png(32, 32);
    let model = (
        "openai-responses",
        "gpt-4.1",
        "{multimodal: {imageDetail: high}}",
    );
    run_with(&mock, model, "--image", "shot.png", &png);
    let body = &mock.single_request().body;
    let part = body["input"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|item| item["content"].as_array().cloned().unwrap_or_default())
        .find(|p| p["type"] == "input_image")
        .unwrap();
    assert_eq!(part["detail"], "high");
    let (mime, bytes) = data_url_bytes(part["image_url"].as_str().unwrap());
    assert_eq!(mime, "image/png");
    assert_eq!(bytes, png);
}

#[test]
fn a_too_large_image_is_downscaled_under_max_image_bytes() {
    let mock = mock_with(vec![openai::text("ok")]);
    let png = noisy_png(400, 300);
    let limit = 30_000;
    assert!(png.len() > limit);
    let entry = format!("{{multimodal: {{maxImageBytes: {limit}}}}}");
    let env = run_with(
        &mock,
        ("openai", "gpt-4.1", &entry),
        "--image",
        "big.png",
        &png,
    );
    let (mime, bytes) = data_url_bytes(&last_image_url(&mock.single_request().body));
    assert!(bytes.len() <= limit, "{} bytes", bytes.len());
    assert_eq!(mime, "image/jpeg");
    let decoded = image::load_from_memory(&bytes).unwrap();
    assert!(decoded.width() < 400 && decoded.height() < 300);
    // The transcript keeps the original, not the downscaled copy.
    assert_kept_by_reference(&env, &png);
}

#[test]
fn an_image_claiming_too_many_pixels_is_refused_not_decoded() {
    let mock = mock_with(vec![openai::text("ok")]);
    // A few bytes claiming 13000x13000 pixels: decoding would allocate half a gigabyte or more.
    let png = png_header(13_000, 13_000);
    let yaml = config(
        &mock,
        "openai",
        "gpt-4.1",
        "{multimodal: {maxImageBytes: 10}}",
        "",
    );
    let env = env_with(&yaml, "huge.png", &png);
    let run = (env.cmd())
        .args(["run", "--image", "huge.png", "What is this?"])
        .run(0);
    let body = mock.single_request().body.to_string();
    assert!(
        body.contains("image `huge.png` is 13000x13000 pixels, more than pilotdeck decodes"),
        "{body}"
    );
    // The person who passed --image is told too, once.
    assert_eq!(
        run.stderr
            .matches("image huge.png was not sent to the model: image `huge.png` is 13000x13000")
            .count(),
        1,
        "{}",
        run.stderr
    );
}

#[test]
fn a_pdf_bomb_gives_capped_text() {
    // 8 pages showing one compressed 3 MiB string: about 24 MiB of text uncapped.
    let pdf = bomb_pdf(8, &"A".repeat(3 << 20), 0);
    assert!(pdf.len() < 100_000);
    let mock = mock_with(vec![openai::text("Many As.")]);
    run_with(
        &mock,
        ("openai", "gpt-4.1", "{}"),
        "--file",
        "bomb.pdf",
        &pdf,
    );
    let body = mock.single_request().body.to_string();
    assert!(body.len() < 3 << 20, "{} bytes sent", body.len());
    assert!(
        body.contains("[the text is cut at 2 MiB, in page 1; 7 more pages not shown]"),
        "{}",
        &body[body.len() - 300..]
    );
}

#[test]
fn a_pdf_of_many_object_streams_is_refused_within_a_memory_limit() {
    // 128 object streams of 8 MiB each: 1 GiB kept while loading, uncapped; pilotdeck runs with
    // 512 MiB of data.
    let pdf = object_stream_bomb_pdf(128, 8 << 20);
    assert!(pdf.len() < 2 << 20, "{}", pdf.len());
    let mock = mock_with(vec![openai::text("No PDF.")]);
    let env = env_with(
        &config(&mock, "openai", "gpt-4.1", "{}", ""),
        "bomb.pdf",
        &pdf,
    );
    let run = env
        .cmd_with_data_limit(512)
        .args(["run", "--file", "bomb.pdf", "What is this?"])
        .run(0);
    assert_eq!(run.stdout, "No PDF.\n");
    let body = mock.single_request().body.to_string();
    assert!(
        body.contains("not sent: the PDF's compressed objects decompress to more than 64 MiB"),
        "{body}"
    );
}

#[test]
fn read_file_of_a_png_yields_an_image_block() {
    let mock = mock_with(vec![
        anthropic::tool_call("toolu_1", "read_file", r#"{"file_path":"diagram.png"}"#),
        anthropic::text("It is noise."),
    ]);
    let png = noisy_png(24, 16);
    let yaml = config(&mock, "anthropic", "claude-sonnet-4-5", "{}", "");
    let env = env_with(&yaml, "diagram.png", &png);
    let run = env
        .cmd()
        .args(["run", "What does diagram.png show?"])
        .run(0);
    assert_eq!(run.stdout, "It is noise.\n");
    let requests = mock.requests();
    let messages = requests[1].body["messages"].as_array().unwrap().clone();
    let result = messages
        .iter()
        .flat_map(|m| m["content"].as_array().cloned().unwrap_or_default())
        .find(|b| b["type"] == "tool_result")
        .unwrap();
    let parts = result["content"].as_array().unwrap();
    assert!(
        parts[0]["text"].as_str().unwrap().contains("24x16 pixels"),
        "{result}"
    );
    assert_eq!(parts[1]["type"], "image");
    let data = STANDARD
        .decode(parts[1]["source"]["data"].as_str().unwrap())
        .unwrap();
    assert_eq!(data, png);
    let text = transcripts_text(&env);
    assert!(text.contains("media_reference") && !text.contains(&STANDARD.encode(&png)));
}

/// The second request of a run whose model (`mock/MODEL`, Chat Completions) reads an 8×8 PNG.
fn second_request_after_reading_a_png(model: &str) -> Value {
    let mock = mock_with(vec![
        openai::tool_call("c1", "read_file", r#"{"file_path":"d.png"}"#),
        openai::text("done"),
    ]);
    let yaml = config(&mock, "openai", model, "{}", "");
    let env = env_with(&yaml, "d.png", &noisy_png(8, 8));
    env.cmd().args(["run", "read d.png"]).run(0);
    mock.requests()[1].body.clone()
}

#[test]
fn read_file_images_follow_openai_tool_messages() {
    // Tool messages take text only, so the image follows in a user message.
    let body = second_request_after_reading_a_png("gpt-4.1");
    let messages = body["messages"].as_array().unwrap();
    let tool = messages.iter().position(|m| m["role"] == "tool").unwrap();
    let after = &messages[tool + 1];
    assert_eq!(after["role"], "user");
    assert_eq!(after["content"][1]["type"], "image_url");
}

#[test]
fn a_model_without_vision_gets_a_text_preview_of_a_read_image() {
    let body = second_request_after_reading_a_png("local-llm").to_string();
    assert!(!body.contains("image_url"), "{body}");
    assert!(body.contains("This model cannot see images"), "{body}");
    assert!(body.contains("8x8 pixels"), "{body}");
}

/// Two providers on the mock: `cheap/small` (text only) as the agent's model and `fb/eyes`
/// (vision), with `fallback` as the router's default fallback chain.
fn routing_config(mock: &MockModel, fallback: &str) -> String {
    format!(
        "agent:\n  model: cheap/small\nmodel:\n  providers:\n    cheap:\n      protocol: openai\n      url: {url}\n      apiKey: k\n      models:\n        small: {{multimodal: {{input: [text]}}}}\n    fb:\n      protocol: openai\n      url: {url}\n      apiKey: k\n      models:\n        eyes: {{multimodal: {{input: [text, image]}}}}\n        blind: {{}}\nrouter:\n  fallback:\n    default: [{fallback}]\n",
        url = mock.base_url()
    )
}

#[test]
fn a_text_only_model_reroutes_to_a_vision_fallback() {
    let mock = mock_with(vec![openai::text("I see it.")]);
    let png = noisy_png(8, 8);
    let env = env_with(&routing_config(&mock, "fb/blind, fb/eyes"), "s.png", &png);
    let run = env
        .cmd()
        .args(["run", "--json", "--image", "s.png", "hi"])
        .run(0);
    assert_eq!(mock.single_request().model(), "eyes");
    let decided: Value = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["type"] == "router.decided")
        .unwrap();
    assert_eq!(decided["resolved_from"], "fallback");
    assert_eq!(decided["model"], "fb/eyes");
    assert!(
        decided["reason"]
            .as_str()
            .unwrap()
            .starts_with("media_rerouted"),
        "{decided}"
    );
    // Without an image, the text-only model serves.
    mock.push(openai::text("hello"));
    env.cmd().args(["run", "hi"]).run(0);
    assert_eq!(mock.requests()[1].model(), "small");
}

#[test]
fn no_vision_model_fails_with_unsupported_modality() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let png = noisy_png(8, 8);
    let env = env_with(&routing_config(&mock, "fb/blind"), "s.png", &png);
    let run = env.cmd().args(["run", "--image", "s.png", "hi"]).run(2);
    assert!(
        run.stderr.contains("unsupported_modality"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("cheap/small, fb/blind"),
        "{}",
        run.stderr
    );
    assert!(mock.requests().is_empty());
    let run = env
        .cmd()
        .args(["run", "--json", "--image", "s.png", "hi"])
        .run(2);
    assert!(
        run.stdout.contains("\"unsupported_modality\""),
        "{}",
        run.stdout
    );
}

#[test]
fn a_resumed_session_resends_the_image_from_its_reference() {
    let mock = mock_with(vec![
        openai::text("A square."),
        openai::text("Still a square."),
    ]);
    let png = noisy_png(16, 16);
    let env = run_with(
        &mock,
        ("openai", "gpt-4.1", "{}"),
        "--image",
        "shot.png",
        &png,
    );
    // The file given is gone: the session's stored copy is what is sent again.
    std::fs::remove_file(env.project.join("shot.png")).unwrap();
    env.cmd()
        .args(["run", "--continue", "And its colour?"])
        .run(0);
    let second = &mock.requests()[1].body;
    let first_user = second["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["role"] == "user")
        .unwrap();
    let (_, bytes) = data_url_bytes(
        first_user["content"][1]["image_url"]["url"]
            .as_str()
            .unwrap(),
    );
    assert_eq!(bytes, png);
    assert_kept_by_reference(&env, &png);
    // `session show` and `export` name the reference.
    let shown = env.cmd().args(["session", "show", "last"]).run(0).stdout;
    assert!(shown.contains("attached image `shot.png`"), "{shown}");
    assert!(shown.contains("/media/"), "{shown}");
    let exported = env
        .cmd()
        .args(["session", "export", "last", "--format", "json"])
        .run(0)
        .stdout;
    assert!(exported.contains("\"media_reference\""), "{exported}");
    assert!(!exported.contains(&STANDARD.encode(&png)));
}

#[test]
fn a_pdf_goes_as_a_document_to_anthropic_and_as_text_to_openai() {
    let pdf = text_pdf(&["Quarterly revenue grew", "Costs fell"]);
    let mock = mock_with(vec![anthropic::text("Revenue grew.")]);
    run_with(
        &mock,
        ("anthropic", "claude-sonnet-4-5", "{}"),
        "--file",
        "report.pdf",
        &pdf,
    );
    let body = &mock.single_request().body;
    let doc = body["messages"][0]["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["type"] == "document")
        .unwrap()
        .clone();
    assert_eq!(doc["source"]["media_type"], "application/pdf");
    assert_eq!(
        STANDARD
            .decode(doc["source"]["data"].as_str().unwrap())
            .unwrap(),
        pdf
    );

    let (_, body) = openai_run_with_file("report.pdf", &pdf);
    assert!(body.contains("Quarterly revenue grew"), "{body}");
    assert!(body.contains("Costs fell"), "{body}");
    assert!(
        body.contains("[PDF report.pdf, 2 pages, as extracted text]"),
        "{body}"
    );
}

#[test]
fn bad_media_input_is_a_usage_error() {
    let mock = MockModel::spawn();
    let env = env_with(&mock.agent_config(), "notes.txt", b"just text");
    let run = env.cmd().args(["run", "--image", "notes.txt", "hi"]).run(2);
    assert!(
        run.stderr.contains("is not an image or a PDF"),
        "{}",
        run.stderr
    );
    // --file takes text too, and its error says so.
    std::fs::write(env.project.join("blob.bin"), b"\x00\x01\x02").unwrap();
    let run = env.cmd().args(["run", "--file", "blob.bin", "hi"]).run(2);
    assert!(
        run.stderr
            .contains("`blob.bin` is not an image, a PDF or UTF-8 text (--file takes PNG, JPEG, GIF, WebP, PDF and text files)"),
        "{}",
        run.stderr
    );
    // A PNG signature with nothing after it: not sent as an image.
    std::fs::write(env.project.join("cut.png"), b"\x89PNG\r\n\x1a\n").unwrap();
    let run = env.cmd().args(["run", "--image", "cut.png", "hi"]).run(2);
    assert!(
        run.stderr.contains("`cut.png` is not a readable image"),
        "{}",
        run.stderr
    );
    assert!(mock.requests().is_empty());
    let run = env
        .cmd()
        .args(["run", "--image", "missing.png", "hi"])
        .run(2);
    assert!(
        run.stderr.contains("cannot read `missing.png`"),
        "{}",
        run.stderr
    );
    let run = env
        .cmd()
        .args(["run", "--image", "-"])
        .stdin(noisy_png(4, 4))
        .run(2);
    assert!(
        run.stderr.contains("pass the prompt as an argument"),
        "{}",
        run.stderr
    );
    assert!(mock.requests().is_empty());
}

#[test]
fn an_image_can_come_on_stdin() {
    let mock = mock_with(vec![openai::text("ok")]);
    let png = noisy_png(4, 4);
    let env = env_with(&mock.agent_config(), "unused", b"");
    env.cmd()
        .args(["run", "--image", "-", "describe"])
        .stdin(png.clone())
        .run(0);
    let body = &mock.single_request().body;
    let url =
        body["messages"].as_array().unwrap().last().unwrap()["content"][1]["image_url"]["url"]
            .as_str()
            .unwrap()
            .to_owned();
    assert_eq!(data_url_bytes(&url).1, png);
}

#[test]
fn chat_attaches_with_slash_image_and_pasted_paths() {
    let mock = mock_with(vec![openai::text("One."), openai::text("Two.")]);
    let first = noisy_png(6, 6);
    let second = noisy_png(7, 7);
    let env = env_with(&mock.agent_config(), "first.png", &first);
    let pasted = env.project.join("second shot.png");
    std::fs::write(&pasted, &second).unwrap();
    // A terminal pastes a dropped file as its quoted absolute path, which starts with `/` but is
    // no slash command.
    let input = format!(
        "/image first.png\nwhat is it?\n'{}'\n/exit\n",
        pasted.display()
    );
    let run = env.cmd().arg_str("chat").stdin(input).run(0);
    assert_eq!(run.stdout, "One.\nTwo.\n");
    assert!(run.stderr.contains("attached first.png"), "{}", run.stderr);
    assert!(
        run.stderr.contains("attached second shot.png"),
        "{}",
        run.stderr
    );
    let requests = mock.requests();
    let (_, bytes) = data_url_bytes(&last_image_url(&requests[0].body));
    assert_eq!(bytes, first);
    let (_, bytes) = data_url_bytes(&last_image_url(&requests[1].body));
    assert_eq!(bytes, second);
    // The first image is still in the history of the second turn, by reference.
    let body = requests[1].body.to_string();
    assert_eq!(body.matches(r#""type":"image_url""#).count(), 2, "{body}");
}

#[test]
fn a_pdf_encrypted_without_a_user_password_is_read_and_one_with_a_password_is_named_as_locked() {
    let open = encrypted_pdf(&["Quarterly revenue grew"], "");
    assert!(open.windows(8).any(|w| w == b"/Encrypt"));
    let (_, body) = openai_run_with_file("report.pdf", &open);
    assert!(body.contains("Quarterly revenue grew"), "{body}");

    let locked = encrypted_pdf(&["Quarterly revenue grew"], "secret");
    let (run, body) = openai_run_with_file("report.pdf", &locked);
    // The PDF parser's own complaints about the file are not the user's concern: the model is
    // told, and the person who passed it gets one line saying so.
    let warnings: Vec<&str> = run.stderr.lines().filter(|l| l.contains("WARN")).collect();
    assert_eq!(
        warnings,
        [" WARN pdf report.pdf was not sent to the model: the PDF is encrypted"],
        "{}",
        run.stderr
    );
    assert!(!body.contains("Quarterly revenue grew"), "{body}");
    assert!(
        body.contains("[pdf report.pdf (application/pdf, ")
            && body.contains("not sent: the PDF is encrypted"),
        "{body}"
    );
}
