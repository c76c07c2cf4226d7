//! IANA time zones, for cron schedules and the time tool: a zone found by name in the system's
//! zoneinfo (or, for a name the system lacks, in the copy bundled by `jiff`), and the two
//! conversions the chrono-based code needs — an instant as local time, and local time as instants.
//!
//! The zone data is bytes read when a zone is first asked for, not tables of pointers the loader
//! relocates at every start: `chrono-tz`, used before, put 1 MB of them in the binary, a quarter of
//! the page faults of `pilotdeck --version` (BENCHMARKS.md `### startup`).

use chrono::{DateTime, FixedOffset, LocalResult, NaiveDateTime, TimeZone as _};
use chrono::{Datelike as _, Offset as _, Timelike as _, Utc};
use jiff::tz::{AmbiguousOffset, Offset, TimeZone};

/// A zone with an IANA name (the only kind [`Zone::find`] and [`Zone::utc`] make).
#[derive(Debug, Clone, PartialEq)]
pub struct Zone(TimeZone);

impl Zone {
    /// Coordinated Universal Time.
    pub fn utc() -> Zone {
        Zone(TimeZone::UTC)
    }

    /// The zone named `name` (`Europe/Berlin`, `UTC`; letter case ignored), or `None` when no zone
    /// has that name. A name the system's zoneinfo lacks (distributions move old aliases such as
    /// `US/Eastern` to a separate package) is looked up in the bundled copy. Files of the zoneinfo
    /// directory that are not zones of their own (`localtime`, `posixrules`: the host's setting)
    /// and names jiff answers without a zone (`Etc/Unknown`) are not zones here.
    pub fn find(name: &str) -> Option<Zone> {
        if ["localtime", "posixrules"]
            .iter()
            .any(|host| name.eq_ignore_ascii_case(host))
        {
            return None;
        }
        let tz = TimeZone::get(name)
            .or_else(|_| jiff::tz::TimeZoneDatabase::bundled().get(name))
            .ok()?;
        tz.iana_name().is_some().then_some(Zone(tz))
    }

    /// The zone's IANA name, as the zone database spells it.
    pub fn name(&self) -> &str {
        // Every `Zone` has one (see the type); "UTC" is only the type system's due.
        self.0.iana_name().unwrap_or("UTC")
    }

    /// `t` as local time in this zone.
    pub fn at(&self, t: DateTime<Utc>) -> DateTime<FixedOffset> {
        let offset =
            jiff::Timestamp::new(t.timestamp(), 0).map_or(Offset::UTC, |ts| self.0.to_offset(ts));
        t.with_timezone(&fixed(offset))
    }

    /// The instants a wall-clock time stands for in this zone: one, two in a fall-back overlap
    /// (earlier first), none in a spring-forward gap.
    pub fn local(&self, naive: NaiveDateTime) -> LocalResult<DateTime<FixedOffset>> {
        let Some(civil) = civil(naive) else {
            return LocalResult::None;
        };
        let at = |offset: Offset| fixed(offset).from_local_datetime(&naive);
        match self.0.to_ambiguous_timestamp(civil).offset() {
            AmbiguousOffset::Unambiguous { offset } => at(offset),
            AmbiguousOffset::Gap { .. } => LocalResult::None,
            AmbiguousOffset::Fold { before, after } => match (at(before), at(after)) {
                (LocalResult::Single(first), LocalResult::Single(second)) => {
                    LocalResult::Ambiguous(first, second)
                }
                _ => LocalResult::None,
            },
        }
    }
}

/// A jiff offset as chrono's (offsets are whole seconds within a day in both).
fn fixed(offset: Offset) -> FixedOffset {
    FixedOffset::east_opt(offset.seconds()).unwrap_or_else(|| Utc.fix())
}

/// A chrono wall-clock time as jiff's; `None` outside jiff's years (−9999..=9999).
fn civil(naive: NaiveDateTime) -> Option<jiff::civil::DateTime> {
    let n = |v: u32| i8::try_from(v).ok();
    jiff::civil::DateTime::new(
        i16::try_from(naive.year()).ok()?,
        n(naive.month())?,
        n(naive.day())?,
        n(naive.hour())?,
        n(naive.minute())?,
        n(naive.second())?,
        i32::try_from(naive.nanosecond()).ok()?,
    )
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn names_are_found_and_unknown_ones_are_not() {
        assert_eq!(Zone::find("Europe/Berlin").unwrap().name(), "Europe/Berlin");
        assert_eq!(Zone::find("UTC").unwrap().name(), "UTC");
        assert!(Zone::find("Mars/Olympus_Mons").is_none());
        assert!(Zone::find("../../etc/passwd").is_none());
        assert!(Zone::find("localtime").is_none());
        assert!(Zone::find("Etc/Unknown").is_none());
        assert_eq!(Zone::find("US/Eastern").unwrap().name(), "US/Eastern");
    }

    #[test]
    fn instants_become_local_time_with_the_offset_of_their_season() {
        let ny = Zone::find("America/New_York").unwrap();
        let winter = "2026-01-15T12:00:00Z".parse::<DateTime<Utc>>().unwrap();
        let summer = "2026-07-15T12:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(ny.at(winter).to_rfc3339(), "2026-01-15T07:00:00-05:00");
        assert_eq!(ny.at(summer).to_rfc3339(), "2026-07-15T08:00:00-04:00");
    }

    #[test]
    fn local_time_in_a_gap_is_none_and_in_an_overlap_is_both_instants() {
        let ny = Zone::find("America/New_York").unwrap();
        assert_eq!(ny.local(naive("2026-03-08 02:30")), LocalResult::None);
        let LocalResult::Ambiguous(first, second) = ny.local(naive("2026-11-01 01:30")) else {
            panic!("01:30 on 2026-11-01 happens twice in New York");
        };
        assert_eq!(first.to_rfc3339(), "2026-11-01T01:30:00-04:00");
        assert_eq!(second.to_rfc3339(), "2026-11-01T01:30:00-05:00");
        let single = ny.local(naive("2026-06-01 09:00")).single().unwrap();
        assert_eq!(single.to_rfc3339(), "2026-06-01T09:00:00-04:00");
    }
}
