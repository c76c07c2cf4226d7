//! Five-field cron expressions (`min hour day-of-month month day-of-week`) with the usual Vixie-cron
//! semantics: `*`, values, ranges `a-b`, lists `a,b`, steps `*/n` `a-b/n` `a/n`, month and weekday names
//! (`JAN`, `mon`), day-of-week `0`–`7` (both 0 and 7 are Sunday) and the `@hourly @daily @midnight
//! @weekly @monthly @yearly @annually` macros.
//!
//! Day-of-month and day-of-week follow Vixie cron: when both fields are restricted (neither starts
//! with `*`) a day matches if **either** matches; otherwise both must (and the `*` one always does).
//!
//! Parsing never guesses: an invalid expression is an [`ExprError`] naming the field, the offending
//! text and the reason. This file knows nothing about time zones; `schedule.rs` turns matching
//! wall-clock times into instants.

use std::fmt;

use chrono::{Datelike, NaiveDate};

/// Which of the five fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Minute,
    Hour,
    DayOfMonth,
    Month,
    DayOfWeek,
}

impl Field {
    const ALL: [Field; 5] = [
        Field::Minute,
        Field::Hour,
        Field::DayOfMonth,
        Field::Month,
        Field::DayOfWeek,
    ];

    fn range(self) -> (u32, u32) {
        match self {
            Field::Minute => (0, 59),
            Field::Hour => (0, 23),
            Field::DayOfMonth => (1, 31),
            Field::Month => (1, 12),
            Field::DayOfWeek => (0, 7),
        }
    }

    fn names(self) -> &'static [&'static str] {
        match self {
            Field::Month => &[
                "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
            ],
            Field::DayOfWeek => &["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"],
            Field::Minute | Field::Hour | Field::DayOfMonth => &[],
        }
    }

    /// The value a name stands for (`JAN` = 1, `SUN` = 0).
    fn name_value(self, text: &str) -> Option<u32> {
        let upper = text.to_ascii_uppercase();
        let index = self.names().iter().position(|n| *n == upper)? as u32;
        Some(if self == Field::Month {
            index + 1
        } else {
            index
        })
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Minute => "minute",
            Field::Hour => "hour",
            Field::DayOfMonth => "day-of-month",
            Field::Month => "month",
            Field::DayOfWeek => "day-of-week",
        })
    }
}

/// Why an expression was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExprError {
    #[error(
        "`{expr}` has {found} fields; a cron expression has 5: minute hour day-of-month month \
         day-of-week (e.g. `30 9 * * MON-FRI`), or a macro such as @daily"
    )]
    FieldCount { expr: String, found: usize },
    #[error("unknown macro `{text}`; use @hourly, @daily, @weekly, @monthly or @yearly")]
    UnknownMacro { text: String },
    #[error("{field} field `{text}`: {value} is out of range {min}-{max}")]
    OutOfRange {
        field: Field,
        text: String,
        value: u32,
        min: u32,
        max: u32,
    },
    #[error("{field} field `{text}`: `{part}` is not a number{names}")]
    NotANumber {
        field: Field,
        text: String,
        part: String,
        names: NameHint,
    },
    #[error(
        "{field} field `{text}`: the range {start}-{end} runs backwards; write the smaller value first"
    )]
    Backwards {
        field: Field,
        text: String,
        start: u32,
        end: u32,
    },
    #[error("{field} field `{text}`: the step must be a number from 1 to {max}")]
    BadStep {
        field: Field,
        text: String,
        max: u32,
    },
    #[error("{field} field `{text}` has an empty list item")]
    EmptyItem { field: Field, text: String },
    #[error(
        "`{expr}` never fires: no month has the days it names; check the day-of-month and month fields"
    )]
    NeverFires { expr: String },
}

/// The names a field accepts, appended to a "not a number" message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameHint(pub Option<&'static str>);

impl fmt::Display for NameHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(names) => write!(f, " or a name ({names})"),
            None => Ok(()),
        }
    }
}

/// A parsed expression: one bit set per field, plus whether the day fields were restricted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CronExpr {
    minutes: u64,
    hours: u64,
    days_of_month: u64,
    months: u64,
    /// Bit 0 = Sunday … bit 6 = Saturday (a `7` is folded into bit 0).
    days_of_week: u64,
    dom_restricted: bool,
    dow_restricted: bool,
}

impl CronExpr {
    /// Parses a 5-field expression or a macro.
    pub fn parse(expr: &str) -> Result<CronExpr, ExprError> {
        let trimmed = expr.trim();
        let expanded = if let Some(name) = trimmed.strip_prefix('@') {
            match name.to_ascii_lowercase().as_str() {
                "hourly" => "0 * * * *",
                "daily" | "midnight" => "0 0 * * *",
                "weekly" => "0 0 * * 0",
                "monthly" => "0 0 1 * *",
                "yearly" | "annually" => "0 0 1 1 *",
                _ => {
                    return Err(ExprError::UnknownMacro {
                        text: trimmed.to_owned(),
                    });
                }
            }
        } else {
            trimmed
        };
        let parts: Vec<&str> = expanded.split_whitespace().collect();
        if parts.len() != 5 {
            return Err(ExprError::FieldCount {
                expr: trimmed.to_owned(),
                found: parts.len(),
            });
        }
        let mut bits = [0u64; 5];
        for ((field, text), slot) in Field::ALL.iter().zip(&parts).zip(bits.iter_mut()) {
            *slot = parse_field(*field, text)?;
        }
        let days_of_week = (bits[4] | (bits[4] >> 7)) & 0x7f;
        let parsed = CronExpr {
            minutes: bits[0],
            hours: bits[1],
            days_of_month: bits[2],
            months: bits[3],
            days_of_week,
            dom_restricted: !parts[2].starts_with('*'),
            dow_restricted: !parts[4].starts_with('*'),
        };
        if !parsed.can_fire() {
            return Err(ExprError::NeverFires {
                expr: trimmed.to_owned(),
            });
        }
        Ok(parsed)
    }

    /// False when the day-of-month field names only days no chosen month has (`0 0 31 2 *`).
    fn can_fire(&self) -> bool {
        if self.dow_restricted && self.dom_restricted {
            return true;
        }
        if !self.dom_restricted {
            return true;
        }
        const MONTH_DAYS: [u32; 12] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
        (1..=12u32).any(|m| {
            self.months & (1 << m) != 0
                && (1..=MONTH_DAYS[(m - 1) as usize]).any(|d| self.days_of_month & (1 << d) != 0)
        })
    }

    /// True when `date` is a day the expression fires on (month, then the Vixie day rule).
    pub fn matches_date(&self, date: NaiveDate) -> bool {
        if self.months & (1 << date.month()) == 0 {
            return false;
        }
        let dom = self.days_of_month & (1 << date.day()) != 0;
        let dow = self.days_of_week & (1 << date.weekday().num_days_from_sunday()) != 0;
        if self.dom_restricted && self.dow_restricted {
            dom || dow
        } else {
            dom && dow
        }
    }

    /// The hours it fires in, ascending.
    pub fn hours(&self) -> impl Iterator<Item = u32> + '_ {
        (0..24).filter(|h| self.hours & (1 << h) != 0)
    }

    /// The minutes it fires in, ascending.
    pub fn minutes(&self) -> impl Iterator<Item = u32> + '_ {
        (0..60).filter(|m| self.minutes & (1 << m) != 0)
    }
}

fn parse_field(field: Field, text: &str) -> Result<u64, ExprError> {
    let (min, max) = field.range();
    let mut bits = 0u64;
    for item in text.split(',') {
        if item.is_empty() {
            return Err(ExprError::EmptyItem {
                field,
                text: text.to_owned(),
            });
        }
        let (range, step) = match item.split_once('/') {
            Some((range, step)) => {
                let step_max = max - min + 1;
                let step: u32 = step
                    .parse()
                    .ok()
                    .filter(|s| (1..=step_max).contains(s))
                    .ok_or_else(|| ExprError::BadStep {
                        field,
                        text: text.to_owned(),
                        max: step_max,
                    })?;
                (range, Some(step))
            }
            None => (item, None),
        };
        let (start, end) = if range == "*" {
            (min, max)
        } else if let Some((a, b)) = range.split_once('-') {
            let start = value(field, text, a)?;
            let end = value(field, text, b)?;
            if start > end {
                return Err(ExprError::Backwards {
                    field,
                    text: text.to_owned(),
                    start,
                    end,
                });
            }
            (start, end)
        } else {
            let v = value(field, text, range)?;
            // `a/n` means from a to the end of the field, as in Vixie cron.
            (v, if step.is_some() { max } else { v })
        };
        let step = step.unwrap_or(1) as usize;
        for v in (start..=end).step_by(step) {
            bits |= 1 << v;
        }
    }
    Ok(bits)
}

fn value(field: Field, text: &str, part: &str) -> Result<u32, ExprError> {
    let (min, max) = field.range();
    let v = match part.parse::<u32>() {
        Ok(v) => v,
        Err(_) => field
            .name_value(part)
            .ok_or_else(|| ExprError::NotANumber {
                field,
                text: text.to_owned(),
                part: part.to_owned(),
                names: NameHint(match field {
                    Field::Month => Some("JAN-DEC"),
                    Field::DayOfWeek => Some("SUN-SAT"),
                    Field::Minute | Field::Hour | Field::DayOfMonth => None,
                }),
            })?,
    };
    if !(min..=max).contains(&v) {
        return Err(ExprError::OutOfRange {
            field,
            text: text.to_owned(),
            value: v,
            min,
            max,
        });
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn names_ranges_steps_and_lists() {
        let e = CronExpr::parse("*/15 9-17/4 * jan,Mar mon-FRI").unwrap();
        assert_eq!(e.minutes().collect::<Vec<_>>(), [0, 15, 30, 45]);
        assert_eq!(e.hours().collect::<Vec<_>>(), [9, 13, 17]);
        assert!(e.matches_date(date(2026, 1, 5))); // Monday in January
        assert!(!e.matches_date(date(2026, 1, 4))); // Sunday
        assert!(!e.matches_date(date(2026, 2, 2))); // February
        let tail = CronExpr::parse("5/20 * * * *").unwrap();
        assert_eq!(tail.minutes().collect::<Vec<_>>(), [5, 25, 45]);
    }

    #[test]
    fn day_of_week_seven_is_sunday() {
        let e = CronExpr::parse("0 0 * * 7").unwrap();
        assert!(e.matches_date(date(2026, 11, 29)));
        assert!(!e.matches_date(date(2026, 11, 30)));
    }

    #[test]
    fn restricted_day_fields_are_ored_like_vixie_cron() {
        // The 13th of any month, or any Friday.
        let e = CronExpr::parse("0 0 13 * FRI").unwrap();
        assert!(e.matches_date(date(2026, 11, 13)));
        assert!(e.matches_date(date(2026, 11, 6)));
        assert!(!e.matches_date(date(2026, 11, 7)));
        // A day-of-week starting with `*` (even `*/2`) makes the rule AND, as in Vixie cron:
        // the 13th only when it is a Sunday, Tuesday, Thursday or Saturday.
        let e = CronExpr::parse("0 0 13 * */2").unwrap();
        assert!(e.matches_date(date(2026, 12, 13))); // Sunday
        assert!(!e.matches_date(date(2026, 11, 13))); // Friday
        assert!(!e.matches_date(date(2026, 12, 6)));
    }

    #[test]
    fn macros() {
        assert_eq!(
            CronExpr::parse("@monthly").unwrap(),
            CronExpr::parse("0 0 1 * *").unwrap()
        );
        assert!(matches!(
            CronExpr::parse("@fortnightly"),
            Err(ExprError::UnknownMacro { .. })
        ));
    }

    #[test]
    fn errors_name_the_field() {
        let msg = |e: &str| CronExpr::parse(e).unwrap_err().to_string();
        assert_eq!(
            msg("61 * * * *"),
            "minute field `61`: 61 is out of range 0-59"
        );
        assert_eq!(
            msg("0 0 * FOO *"),
            "month field `FOO`: `FOO` is not a number or a name (JAN-DEC)"
        );
        assert_eq!(
            msg("0 5-2 * * *"),
            "hour field `5-2`: the range 5-2 runs backwards; write the smaller value first"
        );
        assert!(msg("* * * *").contains("has 4 fields"));
        assert!(msg("0 0 30 2 *").contains("never fires"));
        assert!(msg("*/0 * * * *").contains("step must be"));
    }
}
