//! Dates in recall, as words and as time.
//!
//! A note's days ([`meta_days`] and [`days_in`] its body: `updated_at`, a `date:` or `created_at:` key, ISO dates in its body,
//! the days of its source sessions) are indexed as words ([`words`]: `2023 may monday 8`), so "what
//! did we decide in May" matches by text; and a request's relative time ([`relative`]: "10 days
//! ago", "last Saturday", "in May", "上周", "三天前", "先月") becomes a [`Span`] of days that lifts
//! the notes inside it. Relative time is read against a reference day (today, or `memory recall
//! --as-of`).

use std::sync::LazyLock;

use chrono::{Datelike, Duration, NaiveDate};
use regex::Regex;

use super::note::NoteMeta;

/// At most this many days are kept per note (the first ones found).
const MAX_DAYS: usize = 32;

/// A closed range of days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Span {
    pub start: NaiveDate,
    pub end: NaiveDate,
}

impl Span {
    fn around(day: NaiveDate, slack: i64) -> Span {
        Span {
            start: day - Duration::days(slack),
            end: day + Duration::days(slack),
        }
    }

    pub fn contains(&self, day: NaiveDate) -> bool {
        (self.start..=self.end).contains(&day)
    }
}

/// The day at the start of `text`: `2023-05-08`, `2023-05-08T10:00:00Z`, `2023/5/8`.
pub fn parse_day(text: &str) -> Option<NaiveDate> {
    static DAY: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"^\s*(\d{4})[-/](\d{1,2})[-/](\d{1,2})").ok());
    let caps = DAY.as_ref()?.captures(text)?;
    NaiveDate::from_ymd_opt(
        caps[1].parse().ok()?,
        caps[2].parse().ok()?,
        caps[3].parse().ok()?,
    )
}

/// ISO days written anywhere in `text` (`2023-05-08`, `2023/5/8`, `2023年5月8日`).
pub(super) fn days_in(text: &str) -> Vec<NaiveDate> {
    static ANY: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(r"\b(\d{4})(?:[-/](\d{1,2})[-/](\d{1,2})\b|年(\d{1,2})月(\d{1,2})日)").ok()
    });
    let Some(re) = ANY.as_ref() else {
        return Vec::new();
    };
    re.captures_iter(text)
        .filter_map(|c| {
            let month = c.get(2).or_else(|| c.get(4))?.as_str().parse().ok()?;
            let day = c.get(3).or_else(|| c.get(5))?.as_str().parse().ok()?;
            NaiveDate::from_ymd_opt(c[1].parse().ok()?, month, day)
        })
        .take(MAX_DAYS)
        .collect()
}

/// The days a note's frontmatter gives it, in this order: the `date:`/`created_at:` keys,
/// `updated_at`, its source sessions (ULIDs carry their time).
pub(super) fn meta_days(meta: &NoteMeta) -> Vec<NaiveDate> {
    let mut days = Vec::new();
    for key in ["date", "created_at"] {
        if let Some(day) = meta.extra.get(key).and_then(yaml_day) {
            days.push(day);
        }
    }
    days.extend(parse_day(&meta.updated_at));
    for id in &meta.source_sessions {
        if let Ok(ulid) = ulid::Ulid::from_string(id) {
            let at: chrono::DateTime<chrono::Utc> = ulid.datetime().into();
            days.push(at.date_naive());
        }
    }
    distinct(days)
}

/// `days` without repeats (first kept), at most [`MAX_DAYS`].
pub(super) fn distinct(mut days: Vec<NaiveDate>) -> Vec<NaiveDate> {
    let mut seen = std::collections::HashSet::new();
    days.retain(|d| seen.insert(*d));
    days.truncate(MAX_DAYS);
    days
}

fn yaml_day(value: &serde_yaml::Value) -> Option<NaiveDate> {
    match value {
        serde_yaml::Value::String(s) => parse_day(s),
        _ => None,
    }
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

const WEEKDAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// `days` as searchable words: `2023 may monday 8` for each.
pub(super) fn words(days: &[NaiveDate]) -> String {
    let mut out = Vec::with_capacity(days.len());
    for d in days {
        out.push(format!(
            "{} {} {} {}",
            d.year(),
            MONTHS[d.month0() as usize],
            WEEKDAYS[d.weekday().num_days_from_monday() as usize],
            d.day()
        ));
    }
    out.join(" ")
}

/// `days` as stored in `memory_notes.days`.
pub(super) fn column(days: &[NaiveDate]) -> String {
    let out: Vec<String> = days.iter().map(NaiveDate::to_string).collect();
    out.join(" ")
}

/// Parses [`column`].
pub(super) fn from_column(text: &str) -> Vec<NaiveDate> {
    text.split_whitespace().filter_map(parse_day).collect()
}

/// A number written as digits, in English words, or in Chinese/Japanese numerals (up to 99).
fn number(text: &str) -> Option<i64> {
    if let Ok(n) = text.parse() {
        return Some(n);
    }
    let en = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    if let Some(n) = en.iter().position(|w| *w == text) {
        return Some(n as i64);
    }
    match text {
        "a" | "an" => return Some(1),
        "a couple of" | "couple of" | "a few" | "few" | "several" => return Some(3),
        _ => {}
    }
    let digit = |c: char| "零一二三四五六七八九".chars().position(|d| d == c);
    let chars: Vec<char> = text
        .chars()
        .map(|c| if c == '两' { '二' } else { c })
        .collect();
    match chars.as_slice() {
        ['十'] => Some(10),
        [c] => digit(*c).map(|n| n as i64),
        ['十', u] => Some(10 + digit(*u)? as i64),
        [t, '十'] => Some(10 * digit(*t)? as i64),
        [t, '十', u] => Some(10 * digit(*t)? as i64 + digit(*u)? as i64),
        _ => None,
    }
}

fn month_span(year: i32, month: u32) -> Option<Span> {
    let start = NaiveDate::from_ymd_opt(year, month, 1)?;
    let next = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)?
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)?
    };
    Some(Span {
        start,
        end: next - Duration::days(1),
    })
}

/// The month `month` (1–12) most recently begun on or before `today`.
fn last_month_named(month: u32, today: NaiveDate) -> Option<Span> {
    let year = if month <= today.month() {
        today.year()
    } else {
        today.year() - 1
    };
    month_span(year, month)
}

fn week_of(day: NaiveDate) -> Span {
    let start = day - Duration::days(i64::from(day.weekday().num_days_from_monday()));
    Span {
        start,
        end: start + Duration::days(6),
    }
}

/// The most recent `weekday` strictly before `today`.
fn last_weekday(weekday: u32, today: NaiveDate) -> NaiveDate {
    let back = (i64::from(today.weekday().num_days_from_monday()) - i64::from(weekday) + 7) % 7;
    today - Duration::days(if back == 0 { 7 } else { back })
}

/// `n` units ago, with the slack the unit implies.
fn ago(n: i64, unit: &str, today: NaiveDate) -> Span {
    let (days, slack) = match unit {
        "day" | "天" | "日" => (n, 1),
        "week" | "周" | "星期" | "週間" | "週" => (7 * n, 3),
        "month" | "个月" | "か月" | "ヶ月" | "カ月" | "ケ月" => (30 * n, 15),
        _ => (365 * n, 180),
    };
    Span::around(today - Duration::days(days), slack)
}

/// A word before a month that makes it a cut-off ("as of May", "by May") rather than the time of
/// an event.
const CUT_OFFS: &[&str] = &["as", "by", "until", "till", "before", "after"];

struct Patterns {
    ago: Regex,
    cjk_ago: Regex,
    named: Regex,
    last_weekday: Regex,
    month: Regex,
    cjk_month: Regex,
    zh_last_weekday: Regex,
}

static PATTERNS: LazyLock<Option<Patterns>> = LazyLock::new(|| {
    let months = MONTHS.join("|");
    let weekdays = WEEKDAYS.join("|");
    Some(Patterns {
        ago: Regex::new(
            r"\b(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:a )?couple of|(?:a )?few|several) (day|week|month|year)s? ago\b",
        )
        .ok()?,
        cjk_ago: Regex::new(
            r"([0-9]+|[零一二两三四五六七八九十]+)\s*(天|日|个月|か月|ヶ月|カ月|ケ月|个?星期|周|週間|週|年)(?:前|以前)",
        )
        .ok()?,
        named: Regex::new(
            r"\b(the day before yesterday|yesterday|today|(?:last|this|past) (?:week|weekend|month|year))\b|前天|昨天|今天|上个?星期|上周|这周|本周|这个?星期|上个?月|这个月|本月|去年|今年|一昨日|昨日|今日|先週|今週|先月|今月|昨年",
        )
        .ok()?,
        last_weekday: Regex::new(&format!(r"\blast ({weekdays})\b")).ok()?,
        month: Regex::new(&format!(
            r"\b(?:(?:in|of|during|since|early|late|mid) ({months})(?: (\d{{4}}))?|({months}) (\d{{4}})|({months}))\b"
        ))
        .ok()?,
        cjk_month: Regex::new(r"(?:(\d{4})年)?([0-9]{1,2}|十[一二]?|[一二三四五六七八九])月").ok()?,
        zh_last_weekday: Regex::new(r"上个?(?:周|星期|礼拜)([一二三四五六日天])").ok()?,
    })
});

/// The span of days a request's relative time means, read against `today`; `None` when it names
/// none.
pub(super) fn relative(query: &str, today: NaiveDate) -> Option<Span> {
    let p = PATTERNS.as_ref()?;
    let q = query.to_lowercase();
    if let Some(c) = p.ago.captures(&q) {
        return Some(ago(number(&c[1])?, &c[2], today));
    }
    if let Some(c) = p.cjk_ago.captures(&q) {
        let unit = c[2].trim_start_matches('个');
        let unit = if unit == "星期" { "周" } else { unit };
        return Some(ago(number(&c[1])?, unit, today));
    }
    if let Some(c) = p.zh_last_weekday.captures(&q) {
        let day = "一二三四五六日".chars().position(|d| c[1].starts_with(d));
        let day = day.unwrap_or(6) as i64;
        let monday = week_of(today).start - Duration::days(7);
        return Some(Span::around(monday + Duration::days(day), 0));
    }
    if let Some(c) = p.last_weekday.captures(&q) {
        let day = WEEKDAYS.iter().position(|w| *w == &c[1])? as u32;
        return Some(Span::around(last_weekday(day, today), 1));
    }
    if let Some(m) = p.named.find(&q) {
        return named(m.as_str(), today);
    }
    if let Some(c) = p.month.captures(&q) {
        // "as of May", "by May", "before May": a cut-off, not when something happened.
        let word_before = q[..c.get(0)?.start()].split_whitespace().next_back();
        let word_before = word_before.map(|w| w.trim_start_matches(|c: char| !c.is_alphanumeric()));
        if word_before.is_some_and(|w| CUT_OFFS.contains(&w)) {
            return None;
        }
        let name = c.get(1).or(c.get(3)).or(c.get(5))?.as_str();
        // "may" alone is a verb far more often than a month.
        if c.get(5).is_some() && name == "may" {
            return None;
        }
        let month = MONTHS.iter().position(|m| *m == name)? as u32 + 1;
        return match c.get(2).or(c.get(4)) {
            Some(year) => month_span(year.as_str().parse().ok()?, month),
            None => last_month_named(month, today),
        };
    }
    if let Some(c) = p.cjk_month.captures(&q) {
        let month = u32::try_from(number(&c[2])?).ok()?;
        if !(1..=12).contains(&month) {
            return None;
        }
        return match c.get(1) {
            Some(year) => month_span(year.as_str().parse().ok()?, month),
            None => last_month_named(month, today),
        };
    }
    None
}

fn named(text: &str, today: NaiveDate) -> Option<Span> {
    let day = |n: i64| Some(Span::around(today - Duration::days(n), 0));
    let this_month = month_span(today.year(), today.month());
    let last_month = {
        let prev = today.with_day(1)? - Duration::days(1);
        month_span(prev.year(), prev.month())
    };
    let year = |y: i32| {
        Some(Span {
            start: NaiveDate::from_ymd_opt(y, 1, 1)?,
            end: NaiveDate::from_ymd_opt(y, 12, 31)?,
        })
    };
    match text {
        "today" | "今天" | "今日" => day(0),
        "yesterday" | "昨天" | "昨日" => day(1),
        "the day before yesterday" | "前天" | "一昨日" => day(2),
        "last week" | "past week" | "上周" | "上星期" | "上个星期" | "先週" => {
            Some(week_of(today - Duration::days(7)))
        }
        "this week" | "这周" | "本周" | "这星期" | "这个星期" | "今週" => {
            Some(week_of(today))
        }
        "last weekend" | "past weekend" => {
            let sunday = last_weekday(6, today);
            Some(Span {
                start: sunday - Duration::days(1),
                end: sunday,
            })
        }
        "this weekend" => {
            let saturday = week_of(today).start + Duration::days(5);
            Some(Span {
                start: saturday,
                end: saturday + Duration::days(1),
            })
        }
        "last month" | "past month" | "上月" | "上个月" | "先月" => last_month,
        "this month" | "这个月" | "本月" | "今月" => this_month,
        "last year" | "past year" | "去年" | "昨年" => year(today.year() - 1),
        "this year" | "今年" => year(today.year()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn span(q: &str) -> Option<(NaiveDate, NaiveDate)> {
        // A Wednesday.
        relative(q, d(2024, 3, 13)).map(|s| (s.start, s.end))
    }

    #[test]
    fn english_relative_time_becomes_a_span() {
        assert_eq!(
            span("what did I do 10 days ago"),
            Some((d(2024, 3, 2), d(2024, 3, 4)))
        );
        assert_eq!(
            span("yesterday's meeting"),
            Some((d(2024, 3, 12), d(2024, 3, 12)))
        );
        assert_eq!(
            span("what did we fix last Saturday?"),
            Some((d(2024, 3, 8), d(2024, 3, 10)))
        );
        assert_eq!(
            span("the plan from last week"),
            Some((d(2024, 3, 4), d(2024, 3, 10)))
        );
        assert_eq!(
            span("what happened in May"),
            Some((d(2023, 5, 1), d(2023, 5, 31)))
        );
        assert_eq!(
            span("trips in February 2024"),
            Some((d(2024, 2, 1), d(2024, 2, 29)))
        );
        assert_eq!(span("may I see the build notes"), None);
        assert_eq!(span("how do we deploy"), None);
        // A cut-off names when a state holds, not when something happened.
        for q in [
            "how many pets as of December 2023?",
            "done by June",
            "before early May",
            "the plan (as of March 2024)",
        ] {
            assert_eq!(span(q), None, "{q}");
        }
    }

    #[test]
    fn chinese_and_japanese_relative_time_becomes_a_span() {
        assert_eq!(span("上周的会议"), Some((d(2024, 3, 4), d(2024, 3, 10))));
        assert_eq!(
            span("三天前修了什么"),
            Some((d(2024, 3, 9), d(2024, 3, 11)))
        );
        assert_eq!(span("上周六做了什么"), Some((d(2024, 3, 9), d(2024, 3, 9))));
        assert_eq!(span("五月的发布"), Some((d(2023, 5, 1), d(2023, 5, 31))));
        assert_eq!(
            span("先月のリリース"),
            Some((d(2024, 2, 1), d(2024, 2, 29)))
        );
        assert_eq!(span("2週間前の会議"), Some((d(2024, 2, 25), d(2024, 3, 2))));
        assert_eq!(span("昨日"), Some((d(2024, 3, 12), d(2024, 3, 12))));
    }

    #[test]
    fn dates_become_words_and_are_found_in_text() {
        assert_eq!(words(&[d(2023, 5, 20)]), "2023 may saturday 20");
        assert_eq!(
            days_in("met on 2023-05-20, again 2024年3月1日"),
            [d(2023, 5, 20), d(2024, 3, 1)]
        );
        assert_eq!(parse_day("2026-01-01T00:00:00Z"), Some(d(2026, 1, 1)));
    }
}
