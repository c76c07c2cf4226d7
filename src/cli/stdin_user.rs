//! `run --ask-via-stdin`: the agent's `ask_user` questions for a wrapper program. Each question is
//! one JSON line on stdout (`{"type":"question","question","options"}`, in the `run --json` stream
//! when there is one); the answer is the next line of stdin (a JSON string when it is one, so an
//! answer may hold newlines; else the line as it is). End of input means no answer. Plans are not
//! reviewed here: as in every `run`, a plan is the turn's answer.

use std::io::BufRead;

use crate::agent::RunEvent;
use crate::output::Output;
use crate::tools::{Question, UserChannel, UserFuture};

#[derive(Debug)]
pub(super) struct StdinUser {
    out: Output,
}

impl StdinUser {
    pub(super) fn new(out: Output) -> StdinUser {
        StdinUser { out }
    }
}

impl UserChannel for StdinUser {
    fn ask<'a>(&'a self, question: &'a Question) -> UserFuture<'a, Option<String>> {
        Box::pin(async move {
            let line = RunEvent::Question {
                question: question.question.clone(),
                options: question.options.clone(),
            };
            if let Err(e) = self.out.json_line(&line) {
                tracing::warn!(error = %e, "cannot write the question to stdout");
                return None;
            }
            let read = tokio::task::spawn_blocking(|| {
                let mut line = String::new();
                std::io::stdin()
                    .lock()
                    .read_line(&mut line)
                    .map(|n| (n, line))
            })
            .await;
            match read {
                Ok(Ok((n, line))) if n > 0 => Some(answer(&line)),
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "cannot read the answer from stdin");
                    None
                }
                _ => None,
            }
        })
    }
}

/// The answer in one line of stdin: a JSON string decoded, anything else as written.
fn answer(line: &str) -> String {
    let line = line.trim_end_matches(['\n', '\r']);
    match serde_json::from_str::<String>(line) {
        Ok(text) => text,
        Err(_) => line.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::answer;

    #[test]
    fn answers_are_lines_or_json_strings() {
        assert_eq!(answer("use sqlite\n"), "use sqlite");
        assert_eq!(answer("\"two\\nlines\"\r\n"), "two\nlines");
        assert_eq!(answer("{\"not\": \"a string\"}"), "{\"not\": \"a string\"}");
    }
}
