//! [`ShownText`]: the text of a turn's replies a person should see as it streams. A cut tool call
//! is asked again from the start with a larger output limit ([`Recovery::LargerOutput`]), so the
//! retry streams the text the cut call already showed once more: that repeat is not shown again.
//! From the first place where the retry's text differs from what was shown (or goes past it), the
//! retry's text is shown. `run --json` keeps every call's deltas: the cut call's item ends with
//! status `cut` and the retry's text is a new item.

use super::event::AgentEvent;
use super::recover::Recovery;

/// Filters a turn's streamed text for a person's screen (chat).
#[derive(Debug, Default)]
pub struct ShownText {
    /// The current call's text so far.
    current: String,
    /// What the cut call showed, and how much of it the retry has repeated so far.
    repeat: Option<(String, usize)>,
}

impl ShownText {
    /// The text of `event` to show, if it has any.
    pub fn on_event(&mut self, event: &AgentEvent) -> Option<String> {
        match event {
            AgentEvent::TextDelta { text } => {
                self.current.push_str(text);
                let new = self.skip_repeat(text);
                (!new.is_empty()).then_some(new)
            }
            AgentEvent::CallEnded {
                recovery: Some(Recovery::LargerOutput { .. }),
                ..
            } => {
                self.repeat = Some((std::mem::take(&mut self.current), 0));
                None
            }
            AgentEvent::CallEnded { .. } | AgentEvent::AssistantMessage { .. } => {
                self.current.clear();
                self.repeat = None;
                None
            }
            _ => None,
        }
    }

    /// `text` without the part that repeats what was shown.
    fn skip_repeat(&mut self, text: &str) -> String {
        let Some((shown, at)) = &mut self.repeat else {
            return text.to_owned();
        };
        let same: usize = text
            .chars()
            .zip(shown[*at..].chars())
            .take_while(|(a, b)| a == b)
            .map(|(a, _)| a.len_utf8())
            .sum();
        *at += same;
        if same < text.len() || *at == shown.len() {
            self.repeat = None;
        }
        text[same..].to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::CallStatus;
    use crate::model::Usage;

    fn delta(text: &str) -> AgentEvent {
        AgentEvent::TextDelta { text: text.into() }
    }

    fn cut(recovery: Option<Recovery>) -> AgentEvent {
        AgentEvent::CallEnded {
            usage: Usage::default(),
            model: "m/m".into(),
            status: CallStatus::Cut,
            reason: "cut".into(),
            recovery,
        }
    }

    fn shown(shown: &mut ShownText, events: &[AgentEvent]) -> String {
        events.iter().filter_map(|e| shown.on_event(e)).collect()
    }

    #[test]
    fn a_retried_call_does_not_show_its_text_twice() {
        let larger = Some(Recovery::LargerOutput {
            max_output_tokens: 64_000,
        });
        let mut s = ShownText::default();
        assert_eq!(
            shown(&mut s, &[delta("I'll wri"), delta("te it.")]),
            "I'll write it."
        );
        assert_eq!(shown(&mut s, &[cut(larger)]), "");
        // The same text again in other chunks, then more.
        assert_eq!(
            shown(
                &mut s,
                &[delta("I'll"), delta(" write it."), delta(" Done.")]
            ),
            " Done."
        );
        // A retry that says something else shows it from where it differs.
        let mut s = ShownText::default();
        shown(&mut s, &[delta("Writing the file"), cut(larger)]);
        assert_eq!(
            shown(&mut s, &[delta("Writing a file"), delta(" now")]),
            "a file now"
        );
        // A cut answer that is continued shows everything: nothing repeats.
        let mut s = ShownText::default();
        let continued = Some(Recovery::ContinueText { attempt: 1 });
        assert_eq!(
            shown(&mut s, &[delta("Half"), cut(continued), delta("Half")]),
            "HalfHalf"
        );
    }
}
