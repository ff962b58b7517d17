"""Independent oracle for the business-hours rule vectors (`business_time`, `business_hours`).

Writes crates/domain/tests/vectors/business_hours.json from the rules as specified, using only the
Python 3.11 standard library (zoneinfo, datetime, json); it does not read the Rust code.
Run from anywhere: python3 scripts/business-hours-vectors.py  (regenerates the file byte-for-byte).

Rules implemented:
- a shift is local wall time "HH:MM"-"HH:MM"; "24:00" as an end is the next day's 00:00;
- a wall time that exists once is that instant; an ambiguous one (fall back) is the first
  occurrence (fold=0); a nonexistent one (spring-forward gap) is the transition instant (zoneinfo
  does not do this itself: the gap is detected by a UTC round trip and the first existing wall
  minute after it is taken);
- business time of [startMs, endMs) is the sum of its overlaps with every day's shift intervals,
  from the day before the start's local date through the end's local date; holidays have none;
  endMs <= startMs gives 0.
The script also asserts hand-computed values before writing (75 min, 23 h, 25 h, ...).
"""
import datetime as dt
import json
import re
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

OUT = Path(__file__).resolve().parent.parent / "crates/domain/tests/vectors/business_hours.json"
UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)
MIN = 60_000
HOUR = 60 * MIN
DAY = 24 * HOUR


def to_ms(aware: dt.datetime) -> int:
    return (aware - EPOCH) // dt.timedelta(milliseconds=1)


def from_ms(ms: int, tz: ZoneInfo) -> dt.datetime:
    return (EPOCH + dt.timedelta(milliseconds=ms)).astimezone(tz)


def wall_exists(naive: dt.datetime, tz: ZoneInfo) -> bool:
    aware = naive.replace(tzinfo=tz, fold=0)
    back = aware.astimezone(UTC).astimezone(tz)
    return back.replace(tzinfo=None, fold=0) == naive


def wall_to_ms(naive: dt.datetime, tz: ZoneInfo) -> int:
    """Local wall time -> epoch ms: existing (or first of two) as is, a gap time -> the jump."""
    probe = naive
    for _ in range(24 * 60):
        if wall_exists(probe, tz):
            return to_ms(probe.replace(tzinfo=tz, fold=0))
        probe += dt.timedelta(minutes=1)
    raise AssertionError(f"no existing wall time after {naive} in {tz}")


def hm_minutes(text: str) -> int:
    return int(text[:2]) * 60 + int(text[3:])


def local_day_minute_to_ms(day: dt.date, minute: int, tz: ZoneInfo) -> int:
    naive = dt.datetime(day.year, day.month, day.day) + dt.timedelta(minutes=minute)
    return wall_to_ms(naive, tz)  # minute 1440 ("24:00") is the next day's 00:00


def business_time(hours: dict, spans: list) -> list:
    tz = ZoneInfo(hours["timeZone"])
    holidays = {dt.date.fromisoformat(h) for h in hours["holidays"]}
    out = []
    for span in spans:
        a, b = span["startMs"], span["endMs"]
        if b <= a:
            out.append(0)
            continue
        day = from_ms(a, tz).date() - dt.timedelta(days=1)
        last = from_ms(b, tz).date()
        total = 0
        while day <= last:
            if day not in holidays:
                for shift in hours["week"][day.weekday()]:
                    opens = local_day_minute_to_ms(day, hm_minutes(shift["start"]), tz)
                    closes = local_day_minute_to_ms(day, hm_minutes(shift["end"]), tz)
                    total += max(0, min(b, closes) - max(a, opens))
            day += dt.timedelta(days=1)
        out.append(total)
    return out


TIME_RE = re.compile(r"^[0-9]{2}:[0-9]{2}$")
DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def parse_time(text, is_end: bool):
    if not isinstance(text, str) or not TIME_RE.match(text):
        return None
    h, m = int(text[:2]), int(text[3:])
    if m > 59 or h > 24 or (h == 24 and (m != 0 or not is_end)):
        return None
    return h * 60 + m


def business_hours(hours: dict) -> dict:
    try:
        ZoneInfo(hours["timeZone"])
    except (ZoneInfoNotFoundError, ValueError):
        return {"err": "unknown_time_zone"}
    week = hours["week"]
    if len(week) != 7:
        return {"err": "value_invalid"}
    out_week, weekly = [], 0
    for shifts in week:
        if len(shifts) > 4:
            return {"err": "shifts_too_many"}
        parsed = []
        for shift in shifts:
            s, e = parse_time(shift["start"], False), parse_time(shift["end"], True)
            if s is None or e is None or s >= e:
                return {"err": "shift_invalid"}
            parsed.append((s, e))
        parsed.sort()
        for (_, e1), (s2, _) in zip(parsed, parsed[1:]):
            if e1 > s2:
                return {"err": "shifts_overlap"}
        weekly += sum(e - s for s, e in parsed)
        out_week.append([{"start": f"{s // 60:02}:{s % 60:02}", "end": f"{e // 60:02}:{e % 60:02}"}
                         for s, e in parsed])
    if len(hours["holidays"]) > 400:
        return {"err": "holidays_too_many"}
    for h in hours["holidays"]:
        if not isinstance(h, str) or not DATE_RE.match(h):
            return {"err": "date_invalid"}
        try:
            dt.date(int(h[:4]), int(h[5:7]), int(h[8:]))
        except ValueError:
            return {"err": "date_invalid"}
    return {"ok": {"timeZone": hours["timeZone"], "week": out_week,
                   "holidays": sorted(set(hours["holidays"])), "weeklyMinutes": weekly}}


# ---- helpers to build inputs -------------------------------------------------------------------

def sh(start, end):
    return {"start": start, "end": end}


def week_of(mon=(), tue=(), wed=(), thu=(), fri=(), sat=(), sun=()):
    return [list(d) for d in (mon, tue, wed, thu, fri, sat, sun)]


def hours(zone, week, holidays=()):
    return {"timeZone": zone, "week": week, "holidays": list(holidays)}


def at(zone: str, text: str) -> int:
    """Epoch ms of an unambiguous, existing local wall time "YYYY-MM-DD HH:MM"."""
    tz = ZoneInfo(zone)
    naive = dt.datetime.strptime(text, "%Y-%m-%d %H:%M")
    assert wall_exists(naive, tz), text
    first = to_ms(naive.replace(tzinfo=tz, fold=0))
    assert first == to_ms(naive.replace(tzinfo=tz, fold=1)), f"ambiguous input {text}"
    return first


def utc(text: str) -> int:
    return to_ms(dt.datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=UTC))


def span(a, b):
    return {"startMs": a, "endMs": b}


NY, LIS, KOL = "America/New_York", "Europe/Lisbon", "Asia/Kolkata"
NINE_FIVE = [sh("09:00", "17:00")]
NY_OFFICE = hours(NY, week_of(NINE_FIVE, NINE_FIVE, NINE_FIVE, NINE_FIVE, NINE_FIVE))
ALL_DAY = [sh("00:00", "24:00")]
ALWAYS = lambda zone: hours(zone, [list(ALL_DAY) for _ in range(7)])

entries = []


def bt(name, h, spans, hand):
    """business_time entry; `hand` is the hand-computed answer the oracle must agree with."""
    got = business_time(h, spans)
    assert got == hand, (name, got, hand)
    entries.append({"name": name, "rule": "business_time", "input": {"hours": h, "spans": spans},
                    "expected": {"ok": {"ms": got}}})


def bh(name, h, hand=None):
    got = business_hours(h)
    if hand is not None:
        assert got == hand, (name, got, hand)
    entries.append({"name": name, "rule": "business_hours", "input": h, "expected": got})


# ---- business_time: New York office Mon-Fri 09:00-17:00 ----------------------------------------

bt("New York office: Friday 16:30 answered Monday 09:45 is 75 minutes",
   NY_OFFICE, [span(at(NY, "2026-01-16 16:30"), at(NY, "2026-01-19 09:45"))], [75 * MIN])
bt("New York office: a span entirely at night (Tuesday 20:00 to Wednesday 06:00) is 0",
   NY_OFFICE, [span(at(NY, "2026-01-20 20:00"), at(NY, "2026-01-21 06:00"))], [0])
bt("New York office: a span inside one shift (10:00 to 11:30) counts fully, 90 minutes",
   NY_OFFICE, [span(at(NY, "2026-01-21 10:00"), at(NY, "2026-01-21 11:30"))], [90 * MIN])
bt("New York office: a whole week Monday 00:00 to next Monday 00:00 is 5 x 8 h",
   NY_OFFICE, [span(at(NY, "2026-01-19 00:00"), at(NY, "2026-01-26 00:00"))], [40 * HOUR])
bt("New York office: a reversed span and an empty span give 0",
   NY_OFFICE, [span(at(NY, "2026-01-21 11:00"), at(NY, "2026-01-21 10:00")),
               span(at(NY, "2026-01-21 10:00"), at(NY, "2026-01-21 10:00"))], [0, 0])
bt("New York office: a response crossing closing time (16:50 to next day 09:10) is 20 minutes",
   NY_OFFICE, [span(at(NY, "2026-01-21 16:50"), at(NY, "2026-01-22 09:10"))], [20 * MIN])
bt("New York office: shift bounds are half-open (17:00 to 09:00 is 0; 09:00 to 17:00 and "
   "08:00 to 18:00 are 8 h)",
   NY_OFFICE, [span(at(NY, "2026-01-21 17:00"), at(NY, "2026-01-22 09:00")),
               span(at(NY, "2026-01-21 09:00"), at(NY, "2026-01-21 17:00")),
               span(at(NY, "2026-01-21 08:00"), at(NY, "2026-01-21 18:00"))],
   [0, 8 * HOUR, 8 * HOUR])
bt("New York office: a weekend (Saturday 00:00 to Monday 00:00) is 0",
   NY_OFFICE, [span(at(NY, "2026-01-24 00:00"), at(NY, "2026-01-26 00:00"))], [0])
bt("New York office: every weekday of March 2026 (22 days, across the spring-forward) is 176 h",
   NY_OFFICE, [span(at(NY, "2026-03-01 00:00"), at(NY, "2026-04-01 00:00"))], [22 * 8 * HOUR])

# ---- holidays ---------------------------------------------------------------------------------

NY_XMAS = hours(NY, NY_OFFICE["week"], ["2026-12-25"])
bt("holiday 2026-12-25 (Friday) closed: Thursday 16:00 to Monday 10:00 is 1 h + 1 h",
   NY_XMAS, [span(at(NY, "2026-12-24 16:00"), at(NY, "2026-12-28 10:00"))], [2 * HOUR])
bt("without the holiday the same span Thursday 16:00 to Monday 10:00 is 1 h + 8 h + 1 h",
   NY_OFFICE, [span(at(NY, "2026-12-24 16:00"), at(NY, "2026-12-28 10:00"))], [10 * HOUR])
bt("holiday 2026-12-25: a span inside the holiday's would-be shift is 0",
   NY_XMAS, [span(at(NY, "2026-12-25 09:00"), at(NY, "2026-12-25 17:00"))], [0])

# ---- split shift ------------------------------------------------------------------------------

SPLIT = [sh("09:00", "13:00"), sh("14:00", "18:00")]
NY_SPLIT = hours(NY, week_of(SPLIT, SPLIT, SPLIT, SPLIT, SPLIT))
bt("split shift 09:00-13:00 + 14:00-18:00: 12:30 to 14:30 is 60 minutes; the whole day is 8 h",
   NY_SPLIT, [span(at(NY, "2026-01-21 12:30"), at(NY, "2026-01-21 14:30")),
              span(at(NY, "2026-01-21 00:00"), at(NY, "2026-01-22 00:00"))],
   [60 * MIN, 8 * HOUR])

# ---- New York DST ----------------------------------------------------------------------------

bt("New York 24-hour shop: local day 2026-03-08 (spring forward) is 23 h",
   ALWAYS(NY), [span(at(NY, "2026-03-08 00:00"), at(NY, "2026-03-09 00:00"))], [23 * HOUR])
bt("New York 24-hour shop: local day 2026-11-01 (fall back) is 25 h",
   ALWAYS(NY), [span(at(NY, "2026-11-01 00:00"), at(NY, "2026-11-02 00:00"))], [25 * HOUR])
bt("New York shop open Sundays 00:00-24:00 only: the week around 2026-03-08 is 23 h, "
   "around 2026-11-01 is 25 h",
   hours(NY, week_of(sun=ALL_DAY)),
   [span(at(NY, "2026-03-05 12:00"), at(NY, "2026-03-12 12:00")),
    span(at(NY, "2026-10-29 12:00"), at(NY, "2026-11-05 12:00"))],
   [23 * HOUR, 25 * HOUR])
bt("New York 24-hour shop: a span starting at a local midnight (Tuesday 00:00 to 01:00) is 1 h",
   ALWAYS(NY), [span(at(NY, "2026-01-20 00:00"), at(NY, "2026-01-20 01:00"))], [HOUR])
bt("New York shift 01:00-03:00 on 2026-03-08 lasts 1 h (02:xx does not exist)",
   hours(NY, week_of(sun=[sh("01:00", "03:00")])),
   [span(at(NY, "2026-03-08 00:00"), at(NY, "2026-03-09 00:00"))], [HOUR])
bt("New York shift 01:00-03:00 on 2026-11-01 lasts 3 h (01:00 is its first occurrence)",
   hours(NY, week_of(sun=[sh("01:00", "03:00")])),
   [span(at(NY, "2026-10-31 00:00"), at(NY, "2026-11-02 00:00"))], [3 * HOUR])
bt("New York shift 02:30-04:00 on 2026-03-08 starts at the jump (03:00 EDT): 1 h",
   hours(NY, week_of(sun=[sh("02:30", "04:00")])),
   [span(at(NY, "2026-03-08 00:00"), at(NY, "2026-03-09 00:00")),
    span(utc("2026-03-08 06:00"), utc("2026-03-08 07:30"))],
   [HOUR, 30 * MIN])
bt("New York shift 01:00-02:30 on 2026-03-08 ends at the jump (03:00 EDT): 1 h",
   hours(NY, week_of(sun=[sh("01:00", "02:30")])),
   [span(at(NY, "2026-03-08 00:00"), at(NY, "2026-03-09 00:00"))], [HOUR])
bt("New York shift 01:30-02:00 on 2026-11-01 runs from the first 01:30 (EDT) to 02:00 EST: "
   "1.5 h; from the second 01:30 (EST, 06:30Z) only 30 min remain",
   hours(NY, week_of(sun=[sh("01:30", "02:00")])),
   [span(at(NY, "2026-11-01 00:00"), at(NY, "2026-11-02 00:00")),
    span(utc("2026-11-01 06:30"), utc("2026-11-01 12:00"))],
   [90 * MIN, 30 * MIN])

# ---- Lisbon DST --------------------------------------------------------------------------------

bt("Lisbon 24-hour shop: local day 2026-03-29 (01:00 -> 02:00) is 23 h",
   ALWAYS(LIS), [span(at(LIS, "2026-03-29 00:00"), at(LIS, "2026-03-30 00:00"))], [23 * HOUR])
bt("Lisbon 24-hour shop: local day 2026-10-25 (02:00 -> 01:00) is 25 h",
   ALWAYS(LIS), [span(at(LIS, "2026-10-25 00:00"), at(LIS, "2026-10-26 00:00"))], [25 * HOUR])
NIGHT = [sh("00:00", "06:00"), sh("22:00", "24:00")]
LIS_NIGHT = hours(LIS, [list(NIGHT) for _ in range(7)])
bt("Lisbon night shift 22:00-24:00 + 00:00-06:00 across 2026-03-29: Saturday 20:00 to Sunday "
   "08:00 is 2 h + 5 h",
   LIS_NIGHT, [span(at(LIS, "2026-03-28 20:00"), at(LIS, "2026-03-29 08:00"))], [7 * HOUR])
bt("Lisbon night shift 22:00-24:00 + 00:00-06:00 across 2026-10-25: Saturday 20:00 to Sunday "
   "08:00 is 2 h + 7 h",
   LIS_NIGHT, [span(at(LIS, "2026-10-24 20:00"), at(LIS, "2026-10-25 08:00"))], [9 * HOUR])
bt("Lisbon shift 01:30-03:00 on 2026-03-29 starts at the jump (02:00 WEST): 1 h",
   hours(LIS, week_of(sun=[sh("01:30", "03:00")])),
   [span(at(LIS, "2026-03-29 00:00"), at(LIS, "2026-03-30 00:00"))], [HOUR])

# ---- Kolkata (no DST) --------------------------------------------------------------------------

TEN_SEVEN = [sh("10:00", "19:00")]
KOL_SHOP = hours(KOL, week_of(TEN_SEVEN, TEN_SEVEN, TEN_SEVEN, TEN_SEVEN, TEN_SEVEN, TEN_SEVEN))
bt("Kolkata Mon-Sat 10:00-19:00: Monday 00:00 to next Monday 00:00 is 6 x 9 h",
   KOL_SHOP, [span(at(KOL, "2026-03-09 00:00"), at(KOL, "2026-03-16 00:00"))], [54 * HOUR])
bt("Kolkata Mon-Sat 10:00-19:00: Wednesday 12:00 to next Wednesday 12:00 is 6 x 9 h; "
   "Sunday is closed",
   KOL_SHOP, [span(at(KOL, "2026-03-11 12:00"), at(KOL, "2026-03-18 12:00")),
              span(at(KOL, "2026-03-15 00:00"), at(KOL, "2026-03-16 00:00"))],
   [54 * HOUR, 0])

# ---- business_hours ----------------------------------------------------------------------------

office_ok = {"timeZone": NY, "week": NY_OFFICE["week"], "holidays": [], "weeklyMinutes": 2400}
bh("Mon-Fri 09:00-17:00 is 2400 weekly minutes", NY_OFFICE, {"ok": office_ok})
bh("unsorted shifts come back sorted by start",
   hours(NY, week_of([sh("14:00", "18:00"), sh("09:00", "13:00")],
                     [sh("20:00", "22:00"), sh("00:00", "02:00"), sh("10:00", "12:00")])),
   {"ok": {"timeZone": NY,
           "week": week_of([sh("09:00", "13:00"), sh("14:00", "18:00")],
                           [sh("00:00", "02:00"), sh("10:00", "12:00"), sh("20:00", "22:00")]),
           "holidays": [], "weeklyMinutes": 480 + 360}})
bh("duplicate holidays come back once and sorted",
   hours(NY, NY_OFFICE["week"], ["2026-12-25", "2026-01-01", "2026-12-25", "2026-07-03"]),
   {"ok": dict(office_ok, holidays=["2026-01-01", "2026-07-03", "2026-12-25"])})
bh("touching shifts 09:00-13:00 and 13:00-18:00 are fine",
   hours(NY, week_of([sh("09:00", "13:00"), sh("13:00", "18:00")])),
   {"ok": {"timeZone": NY, "week": week_of([sh("09:00", "13:00"), sh("13:00", "18:00")]),
           "holidays": [], "weeklyMinutes": 540}})
bh("00:00-24:00 every day keeps 24:00 and is 10080 weekly minutes", ALWAYS(LIS),
   {"ok": {"timeZone": LIS, "week": [list(ALL_DAY) for _ in range(7)], "holidays": [],
           "weeklyMinutes": 10080}})
FOUR = [sh("06:00", "08:00"), sh("09:00", "11:00"), sh("12:00", "14:00"), sh("15:00", "17:00")]
bh("four shifts in one day are fine", hours(KOL, week_of(sat=FOUR)),
   {"ok": {"timeZone": KOL, "week": week_of(sat=FOUR), "holidays": [], "weeklyMinutes": 480}})
bh("a week with every day closed is 0 weekly minutes", hours(KOL, week_of()),
   {"ok": {"timeZone": KOL, "week": week_of(), "holidays": [], "weeklyMinutes": 0}})
DAYS_400 = [(dt.date(2026, 1, 1) + dt.timedelta(days=i)).isoformat() for i in range(400)]
DAYS_401 = [(dt.date(2026, 1, 1) + dt.timedelta(days=i)).isoformat() for i in range(401)]
bh("400 holidays are fine", hours(NY, NY_OFFICE["week"], DAYS_400),
   {"ok": dict(office_ok, holidays=DAYS_400)})

bh("unknown time zone Mars/Olympus", hours("Mars/Olympus", NY_OFFICE["week"]),
   {"err": "unknown_time_zone"})
bh("a week of six days is invalid", hours(NY, NY_OFFICE["week"][:6]), {"err": "value_invalid"})
bh("a week of eight days is invalid", hours(NY, NY_OFFICE["week"] + [[]]),
   {"err": "value_invalid"})
for label, s, e in [("a one-digit hour 9:00", "9:00", "17:00"),
                    ("hour 25:00", "09:00", "25:00"),
                    ("minute 12:60", "12:60", "17:00"),
                    ("24:30 as an end", "09:00", "24:30"),
                    ("24:00 as a start", "24:00", "24:00"),
                    ("start equal to end (10:00-10:00)", "10:00", "10:00"),
                    ("start after end (17:00-09:00)", "17:00", "09:00"),
                    ("00:00 as an end (00:00-00:00 is start equal to end)", "00:00", "00:00")]:
    bh(f"shift invalid: {label}", hours(NY, week_of(wed=[sh(s, e)])), {"err": "shift_invalid"})
bh("overlapping shifts 09:00-13:00 and 12:00-18:00 the same day",
   hours(NY, week_of(tue=[sh("09:00", "13:00"), sh("12:00", "18:00")])),
   {"err": "shifts_overlap"})
bh("overlap is found on unsorted shifts too (12:00-18:00 listed before 09:00-13:00)",
   hours(NY, week_of(tue=[sh("12:00", "18:00"), sh("09:00", "13:00")])),
   {"err": "shifts_overlap"})
FIVE = FOUR + [sh("18:00", "20:00")]
bh("five shifts in one day are too many", hours(NY, week_of(fri=FIVE)),
   {"err": "shifts_too_many"})
bh("401 holidays are too many", hours(NY, NY_OFFICE["week"], DAYS_401),
   {"err": "holidays_too_many"})
bh("holiday 2026-02-30 is not a date", hours(NY, NY_OFFICE["week"], ["2026-12-25", "2026-02-30"]),
   {"err": "date_invalid"})
bh("holiday 2026-2-03 is not YYYY-MM-DD", hours(NY, NY_OFFICE["week"], ["2026-2-03"]),
   {"err": "date_invalid"})

# check order
bh("order: the zone is checked before the week length", hours("Mars/Olympus", [[]] * 6),
   {"err": "unknown_time_zone"})
bh("order: the week length is checked before the shifts",
   hours(NY, [[sh("17:00", "09:00")]] * 6), {"err": "value_invalid"})
bh("order: a day's shift count is checked before its shifts' validity",
   hours(NY, week_of(mon=FOUR + [sh("9:00", "10:00")])), {"err": "shifts_too_many"})
bh("order: a day's shift validity is checked before its overlap",
   hours(NY, week_of(mon=[sh("09:00", "13:00"), sh("12:00", "18:00"), sh("25:00", "26:00")])),
   {"err": "shift_invalid"})
bh("order: days are checked one by one (Monday overlap before Tuesday's invalid shift)",
   hours(NY, week_of(mon=[sh("09:00", "13:00"), sh("12:00", "18:00")],
                     tue=[sh("17:00", "09:00")])), {"err": "shifts_overlap"})
bh("order: shifts are checked before holidays",
   hours(NY, week_of(mon=[sh("17:00", "09:00")]), ["2026-02-30"]), {"err": "shift_invalid"})
bh("order: the holiday count is checked before each holiday date",
   hours(NY, NY_OFFICE["week"], ["2026-02-30"] + DAYS_400), {"err": "holidays_too_many"})

text = json.dumps(entries, indent=2, ensure_ascii=False) + "\n"
OUT.write_text(text, encoding="utf-8")
counts = {}
for e in entries:
    counts[e["rule"]] = counts.get(e["rule"], 0) + 1
print(f"wrote {OUT} ({len(entries)} entries: {counts})")
