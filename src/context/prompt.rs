//! The system prompt: identity, environment, tool rules and project instructions, in that order. It is
//! built once per session (not per request) so its prefix stays stable for prompt caching.

use std::path::PathBuf;

use super::instructions::Instruction;

/// The facts the prompt states.
#[derive(Debug, Clone)]
pub struct PromptOptions {
    pub cwd: PathBuf,
    pub project_root: PathBuf,
    pub permission_mode: String,
    /// Extra directories the agent may write to.
    pub add_dirs: Vec<PathBuf>,
    pub instructions: Vec<Instruction>,
    /// `--system`: replaces the built-in identity and rules.
    pub system_override: Option<String>,
    /// `--append-system-prompt`: added at the end.
    pub append: Option<String>,
    /// True when nobody can answer permission prompts (run, cron, always-on).
    pub unattended: bool,
    /// True when the agent has `ask_user` (someone answers its questions).
    pub can_ask: bool,
    /// The skills the model may load with `read_skill`.
    pub skills: Vec<crate::extensions::Skill>,
}

const IDENTITY: &str = "You are pilotdeck, a careful software agent working in the user's project \
directory through tools. Do the task; keep the user's code style; prefer small, verifiable steps.";

const TOOL_RULES: &str = "\
# Using tools
- Read before you edit: `write_file` refuses to overwrite a file you have not read in this session.
- Use `edit_file` for changes to existing files (exact text replacement); `write_file` for new files.
- Use `glob` and `grep` to find things instead of `bash` with find/grep.
- Paths are relative to the project root unless absolute. Writes outside the project are refused.
- Independent read-only calls may be issued together in one reply; they run in parallel.
- If a tool result says the call was denied, do not retry it; find another way or explain.
- For work of several steps, keep a to-do list with `todo_write` (one item `in_progress` at a \
time, each marked `completed` when done) so the user can follow; skip it for one-step tasks.
- When the task is done, reply with a short summary of what you did and what you found.";

const SKILLS_INTRO: &str = "\n# Skills\nSkills hold instructions for particular tasks. When a \
task matches a skill's description, load the skill with `read_skill` first and follow it.\n";

/// Renders the system prompt.
pub fn system_prompt(o: &PromptOptions) -> String {
    let mut out = String::new();
    match &o.system_override {
        Some(text) => out.push_str(text.trim_end()),
        None => {
            out.push_str(IDENTITY);
            out.push_str("\n\n");
            out.push_str(TOOL_RULES);
        }
    }
    out.push_str("\n\n# Environment\n");
    out.push_str(&format!("- Project root: {}\n", o.project_root.display()));
    out.push_str(&format!("- Working directory: {}\n", o.cwd.display()));
    out.push_str(&format!(
        "- Platform: {} ({})\n",
        std::env::consts::OS,
        std::env::consts::ARCH
    ));
    out.push_str(&format!(
        "- Date: {}\n",
        chrono::Local::now().format("%Y-%m-%d")
    ));
    out.push_str(&format!("- Permission mode: {}\n", o.permission_mode));
    for dir in &o.add_dirs {
        out.push_str(&format!("- Also writable: {}\n", dir.display()));
    }
    if o.can_ask {
        out.push_str(
            "- When you cannot go on without the user's decision, ask with `ask_user`; otherwise \
             decide and act.\n",
        );
    } else if o.unattended {
        out.push_str(
            "- Nobody is watching this run: do not ask questions; decide, act, and report.\n",
        );
    }
    if !o.instructions.is_empty() {
        out.push_str("\n# Project instructions\n");
        for i in &o.instructions {
            out.push_str(&format!(
                "\n## {}\n{}\n",
                i.path.display(),
                i.text.trim_end()
            ));
        }
    }
    if !o.skills.is_empty() {
        out.push_str(SKILLS_INTRO);
        out.push_str("<available-skills>\n");
        for s in &o.skills {
            out.push_str(&format!(
                "- {}: {} ({})\n",
                s.name,
                s.description,
                s.path.display()
            ));
        }
        out.push_str("</available-skills>\n");
    }
    if let Some(extra) = &o.append {
        out.push('\n');
        out.push_str(extra.trim_end());
        out.push('\n');
    }
    out
}
