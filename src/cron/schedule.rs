//! When a task fires: a cron expression, a one-shot time, or a fixed interval, evaluated in the task's
//! IANA time zone.
//!
//! # The DST rule
//!
//! Cron expressions name wall-clock times; the zone turns them into instants. Each wall-clock time a
//! schedule names fires **at most once**:
//!
//! - **gap** (spring forward: 02:30 does not exist in America/New_York on 2026-03-08) — the time fires at
//!   the first instant after the gap (03:00 local). Several names in the same gap (`*/15 2 * * *`) fire
//!   once, together, at 03:00; a name that also exists after the gap (03:00) does not fire twice;
//! - **overlap** (fall back: 01:30 happens twice on 2026-11-01) — the time fires at its **first**
//!   occurrence only (01:30 EDT). An hourly job therefore has a two-hour gap that night; use
//!   `--every 1h` for a fixed interval that ignores wall clocks.
//!
//! `--every` schedules are fixed intervals from the task's creation (or `--at` start) in absolute time;
//! one-shot times (`--at`, `--in`) are instants. The same rule resolves an `--at` time written without
//! an offset.

use chrono::{DateTime, Duration, LocalResult, NaiveDate, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};

use super::Error;
use super::expr::CronExpr;
use crate::zone::Zone;

/// The longest `--every` or `--in`: 100 years (so every time it gives is a calendar date).
const MAX_SPAN: std::time::Duration = std::time::Duration::from_secs(100 * 366 * 24 * 3600);

fn check_span(flag: &'static str, interval: std::time::Duration) -> Result<(), Error> {
    if interval > MAX_SPAN {
        return Err(Error::IntervalTooLong {
            flag,
            text: human_seconds(interval.as_secs()),
        });
    }
    Ok(())
}

/// How far ahead a cron expression is searched: 28 years covers every weekday/leap-year combination.
const SEARCH_DAYS: u32 = 366 * 28;

/// A task's schedule, as stored (JSON in `cron_tasks.schedule`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Schedule {
    /// A 5-field expression or macro.
    Cron { expr: String },
    /// Once, at an instant (`--at`, `--in`, PilotDeck's `once` and `delay`).
    Once { at: DateTime<Utc> },
    /// Every `seconds`, counted from `anchor`; the first fire is `anchor` itself.
    Every { seconds: u64, anchor: DateTime<Utc> },
}

impl Schedule {
    /// Checks a cron expression and wraps it.
    pub fn cron(expr: &str) -> Result<Schedule, Error> {
        CronExpr::parse(expr)?;
        Ok(Schedule::Cron {
            expr: expr.trim().to_owned(),
        })
    }

    /// Every `interval`, first at `start`.
    pub fn every(interval: std::time::Duration, start: DateTime<Utc>) -> Result<Schedule, Error> {
        if interval.as_secs() < 60 {
            return Err(Error::IntervalTooShort {
                seconds: interval.as_secs(),
            });
        }
        check_span("--every", interval)?;
        Ok(Schedule::Every {
            seconds: interval.as_secs(),
            anchor: start,
        })
    }

    /// `anchor + interval`, refused when `interval` is over [`MAX_SPAN`] (`flag` names it).
    pub fn after(
        flag: &'static str,
        anchor: DateTime<Utc>,
        interval: std::time::Duration,
    ) -> Result<DateTime<Utc>, Error> {
        check_span(flag, interval)?;
        let seconds = interval.as_secs() as i64;
        Ok(anchor + Duration::seconds(seconds))
    }

    /// True for a schedule that fires once.
    pub fn is_once(&self) -> bool {
        matches!(self, Schedule::Once { .. })
    }

    /// A short human description: the expression, `once at …` or `every 3600s`.
    pub fn describe(&self, tz: &Zone) -> String {
        match self {
            Schedule::Cron { expr } => expr.clone(),
            Schedule::Once { at } => format!(
                "once at {}",
                tz.at(*at)
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
            ),
            Schedule::Every { seconds, .. } => format!("every {}", human_seconds(*seconds)),
        }
    }

    /// The first fire time strictly after `after`, or `None` when there is none (a past one-shot).
    pub fn next_after(
        &self,
        after: DateTime<Utc>,
        tz: &Zone,
    ) -> Result<Option<DateTime<Utc>>, Error> {
        match self {
            Schedule::Cron { expr } => Ok(next_cron(&CronExpr::parse(expr)?, after, tz)),
            Schedule::Once { at } => Ok((*at > after).then_some(*at)),
            Schedule::Every { seconds, anchor } => {
                if *anchor > after {
                    return Ok(Some(*anchor));
                }
                // Checked: a stored interval too long for the calendar has no next time.
                let step = i64::try_from((*seconds).max(1)).unwrap_or(i64::MAX);
                let elapsed = (after - *anchor).num_seconds();
                Ok((elapsed / step + 1)
                    .checked_mul(step)
                    .and_then(Duration::try_seconds)
                    .and_then(|d| anchor.checked_add_signed(d)))
            }
        }
    }

    /// The next `n` fire times after `after`.
    pub fn upcoming(
        &self,
        after: DateTime<Utc>,
        tz: &Zone,
        n: usize,
    ) -> Result<Vec<DateTime<Utc>>, Error> {
        let mut out = Vec::with_capacity(n);
        let mut cursor = after;
        while out.len() < n {
            match self.next_after(cursor, tz)? {
                Some(t) => {
                    out.push(t);
                    cursor = t;
                }
                None => break,
            }
        }
        Ok(out)
    }
}

/// `3600` → `1h`, `90` → `90s`.
pub fn human_seconds(seconds: u64) -> String {
    match seconds {
        s if s % 86_400 == 0 => format!("{}d", s / 86_400),
        s if s % 3600 == 0 => format!("{}h", s / 3600),
        s if s % 60 == 0 => format!("{}m", s / 60),
        s => format!("{s}s"),
    }
}

fn next_cron(expr: &CronExpr, after: DateTime<Utc>, tz: &Zone) -> Option<DateTime<Utc>> {
    let after_local = tz.at(after).naive_local();
    // Wall-clock times this far before `after` cannot resolve to an instant after it (no zone
    // shifts by more than a few hours), so they are skipped without a zone lookup.
    let floor = after_local - Duration::hours(4);
    // Start a day early: the instant a gap time resolves to can fall on the next local date.
    let mut date = after_local.date().pred_opt()?;
    for _ in 0..SEARCH_DAYS {
        if expr.matches_date(date) {
            for h in expr.hours() {
                for m in expr.minutes() {
                    let Some(naive) = date.and_hms_opt(h, m, 0) else {
                        continue;
                    };
                    if naive < floor {
                        continue;
                    }
                    if let Some(t) = resolve_local(tz, naive)
                        && t > after
                    {
                        return Some(t);
                    }
                }
            }
        }
        date = date.succ_opt()?;
    }
    None
}

/// The instant a wall-clock time stands for under the DST rule (see the module doc): the earlier of
/// two in an overlap, the end of the gap for a time inside one.
pub fn resolve_local(tz: &Zone, naive: NaiveDateTime) -> Option<DateTime<Utc>> {
    let mut probe = naive;
    // A gap is at most a few hours; step minute by minute to its end.
    for _ in 0..(26 * 60) {
        match tz.local(probe) {
            LocalResult::Single(t) => return Some(t.with_timezone(&Utc)),
            LocalResult::Ambiguous(first, _) => return Some(first.with_timezone(&Utc)),
            LocalResult::None => {
                // Land on the whole minute after `probe` (the gap ends on a minute boundary).
                probe = probe
                    .checked_add_signed(Duration::minutes(1))?
                    .with_second_zero()?;
            }
        }
    }
    None
}

trait SecondZero: Sized {
    fn with_second_zero(self) -> Option<Self>;
}

impl SecondZero for NaiveDateTime {
    fn with_second_zero(self) -> Option<NaiveDateTime> {
        use chrono::Timelike;
        self.with_second(0)
    }
}

/// Parses an IANA zone name (`Europe/Berlin`, `UTC`).
pub fn parse_zone(name: &str) -> Result<Zone, Error> {
    Zone::find(name.trim()).ok_or_else(|| Error::BadZone {
        zone: name.to_owned(),
    })
}

/// The system's zone: `$TZ`, else `/etc/timezone`, else the target of `/etc/localtime`; UTC when none
/// names a known IANA zone.
pub fn system_zone() -> Zone {
    let from_env = crate::env::var("TZ").map(|t| t.trim_start_matches(':').to_owned());
    let from_file = || {
        std::fs::read_to_string("/etc/timezone")
            .ok()
            .map(|t| t.trim().to_owned())
    };
    let from_link = || {
        let target = std::fs::read_link("/etc/localtime").ok()?;
        let text = target.to_string_lossy().into_owned();
        text.split_once("zoneinfo/")
            .map(|(_, zone)| zone.to_owned())
    };
    [from_env, from_file(), from_link()]
        .into_iter()
        .flatten()
        .find_map(|name| Zone::find(&name))
        .unwrap_or_else(Zone::utc)
}

/// Parses an `--at` time: ISO 8601 with an offset (`2026-12-01T09:00:00+01:00`, `…Z`) is an instant;
/// without one (`2026-12-01T09:00`, `2026-12-01 09:00:00`, `2026-12-01`) it is wall-clock time in `tz`.
pub fn parse_at(text: &str, tz: &Zone) -> Result<DateTime<Utc>, Error> {
    let t = text.trim();
    if let Ok(instant) = DateTime::parse_from_rfc3339(t) {
        return Ok(instant.with_timezone(&Utc));
    }
    let bad = || Error::BadTime {
        text: text.to_owned(),
    };
    for format in [
        "%Y-%m-%dT%H:%M:%S%:z",
        "%Y-%m-%dT%H:%M%:z",
        "%Y-%m-%d %H:%M:%S%:z",
        "%Y-%m-%d %H:%M%:z",
    ] {
        if let Ok(instant) = DateTime::parse_from_str(t, format) {
            return Ok(instant.with_timezone(&Utc));
        }
    }
    let naive = [
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
    .or_else(|| {
        NaiveDate::parse_from_str(t, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(0, 0, 0))
    })
    .ok_or_else(bad)?;
    resolve_local(tz, naive).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn next(expr: &str, zone: &str, after: &str, n: usize) -> Vec<String> {
        let tz = parse_zone(zone).unwrap();
        Schedule::cron(expr)
            .unwrap()
            .upcoming(utc(after), &tz, n)
            .unwrap()
            .iter()
            .map(|t| {
                tz.at(*t)
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
            })
            .collect()
    }

    #[test]
    fn known_answers() {
        // Vixie OR: the 13th or a Friday.
        assert_eq!(
            next("0 9 13 * FRI", "UTC", "2026-11-01T00:00:00Z", 3),
            [
                "2026-11-06T09:00:00+00:00",
                "2026-11-13T09:00:00+00:00",
                "2026-11-20T09:00:00+00:00"
            ]
        );
        assert_eq!(
            next("@monthly", "Asia/Shanghai", "2026-12-15T00:00:00Z", 2),
            ["2027-01-01T00:00:00+08:00", "2027-02-01T00:00:00+08:00"]
        );
        // Feb 29 only in leap years.
        assert_eq!(
            next("0 0 29 2 *", "UTC", "2026-01-01T00:00:00Z", 2),
            ["2028-02-29T00:00:00+00:00", "2032-02-29T00:00:00+00:00"]
        );
    }

    #[test]
    fn spring_forward_gap_fires_at_the_end_of_the_gap_once() {
        assert_eq!(
            next("30 2 * * *", "America/New_York", "2026-03-07T12:00:00Z", 3),
            [
                "2026-03-08T03:00:00-04:00",
                "2026-03-09T02:30:00-04:00",
                "2026-03-10T02:30:00-04:00"
            ]
        );
        assert_eq!(
            next("*/30 2-3 * * *", "Europe/Berlin", "2026-03-29T00:00:00Z", 3),
            [
                "2026-03-29T03:00:00+02:00",
                "2026-03-29T03:30:00+02:00",
                "2026-03-30T02:00:00+02:00"
            ]
        );
    }

    #[test]
    fn fall_back_overlap_fires_the_first_occurrence_only() {
        assert_eq!(
            next(
                "*/30 1 * * *",
                "America/New_York",
                "2026-11-01T04:00:00Z",
                3
            ),
            [
                "2026-11-01T01:00:00-04:00",
                "2026-11-01T01:30:00-04:00",
                "2026-11-02T01:00:00-05:00"
            ]
        );
        assert_eq!(
            next("30 2 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z", 2),
            ["2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00"]
        );
    }

    #[test]
    fn an_interval_past_the_calendar_is_refused_and_a_stored_one_has_no_next_time() {
        let start = utc("2026-11-30T10:00:00Z");
        let long = std::time::Duration::from_secs(99_999_999_999 * 86_400);
        assert!(matches!(
            Schedule::every(long, start),
            Err(Error::IntervalTooLong {
                flag: "--every",
                ..
            })
        ));
        assert!(Schedule::after("--in", start, long).is_err());
        let stored = Schedule::Every {
            seconds: u64::MAX,
            anchor: start,
        };
        let after = utc("2026-12-01T00:00:00Z");
        assert_eq!(stored.next_after(after, &Zone::utc()).unwrap(), None);
    }

    #[test]
    fn every_and_once() {
        let start = utc("2026-11-30T10:00:00Z");
        let every = Schedule::every(std::time::Duration::from_secs(3600), start).unwrap();
        assert_eq!(
            every
                .next_after(utc("2026-11-30T09:00:00Z"), &Zone::utc())
                .unwrap(),
            Some(start)
        );
        assert_eq!(
            every.next_after(start, &Zone::utc()).unwrap(),
            Some(utc("2026-11-30T11:00:00Z"))
        );
        let once = Schedule::Once { at: start };
        assert_eq!(once.next_after(start, &Zone::utc()).unwrap(), None);
    }

    #[test]
    fn at_without_an_offset_is_in_the_zone() {
        let berlin = parse_zone("Europe/Berlin").unwrap();
        assert_eq!(
            parse_at("2026-12-01T09:00", &berlin).unwrap(),
            utc("2026-12-01T08:00:00Z")
        );
        assert_eq!(
            parse_at("2026-12-01T09:00:00-05:00", &berlin).unwrap(),
            utc("2026-12-01T14:00:00Z")
        );
        assert!(parse_at("tomorrow", &berlin).is_err());
    }
}
