package dev.agentfsm.cli;

import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.trace.TraceCheck;
import dev.agentfsm.trace.TraceEntry;
import dev.agentfsm.trace.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One self-contained HTML page of a trace: the diagrams of the machines its rounds ran, drawn as
 * inline SVG ({@link PageDiagram}, drawn by fsm-diagrams), and the steps of each round in a table, to step through with
 * buttons or keys while the round's path is highlighted. Everything is inline (styles, script,
 * pictures); a Content-Security-Policy forbids the page every fetch, so it works, and stays, offline.
 * Text from the trace is escaped ({@link Html}) and shown, never run.
 */
final class TracePage {
    /** The most transitions a page shows; a longer trace is cut there, with a note. */
    static final int MAX_STEPS = 10_000;

    /** One row of the steps table. */
    private record Row(
            int step,
            String from,
            String to,
            String trigger,
            String action,
            String outcome,
            boolean bad,
            String title,
            String time,
            long line) {}

    /** The rows of one round, and how it ended. */
    private static final class Round {
        final String session;
        final int number;
        final List<Row> rows = new ArrayList<>();
        Optional<TraceEntry.RoundEnd> end = Optional.empty();
        /** The exception that left the round, when one did: the round then has no end. */
        Optional<TraceEntry.RoundFailed> failed = Optional.empty();

        Round(String session, int number) {
            this.session = session;
            this.number = number;
        }
    }

    /** What was written. */
    record Written(Path page, int rounds, long steps, long stepsInTrace, long unreadable, List<String> machines) {
        /** Whether the page holds fewer steps than the trace. */
        boolean cut() {
            return steps < stepsInTrace;
        }
    }

    private final TraceCheck check;
    private final List<Round> rounds = new ArrayList<>();
    private final Map<String, Round> open = new HashMap<>();
    /** The machines to draw, by name (a status's machine and the one the class path lists may be two instances). */
    private final Map<String, StateManager<?, ?>> drawn = new LinkedHashMap<>();

    private final Map<List<Status>, PageDiagram.ExtraMove> extra = new LinkedHashMap<>();
    private final Set<String> unknownMachines = new LinkedHashSet<>();
    private long steps;
    private long stepsInTrace;
    private long unreadable;

    private TracePage(List<StateManager<?, ?>> machines) {
        this.check = TraceCheck.of(machines);
    }

    /**
     * Reads {@code trace} (only the rounds of {@code session}, when given) and writes its page into
     * {@code directory}, named after the trace ({@code trace.jsonl} gives {@code trace.html}).
     */
    static Written write(Path trace, Path directory, Optional<String> session, List<StateManager<?, ?>> machines)
            throws IOException {
        TracePage page = new TracePage(machines);
        try (Stream<TraceEntry> entries = TraceReader.entries(trace)) {
            entries.forEach(entry -> page.add(entry, session));
        }
        String name = trace.getFileName().toString().replaceFirst("\\.[^.]*$", "") + ".html";
        Files.createDirectories(directory);
        Path file = directory.resolve(name);
        Files.writeString(file, page.html(trace), StandardCharsets.UTF_8);
        return new Written(
                file,
                page.rounds.size(),
                page.steps,
                page.stepsInTrace,
                page.unreadable,
                List.copyOf(page.drawn.keySet()));
    }

    private void add(TraceEntry entry, Optional<String> session) {
        if (entry instanceof TraceEntry.Unreadable) {
            unreadable++;
        } else if (entry instanceof TraceEntry.Transition move
                && session.map(move.session()::equals).orElse(true)) {
            stepsInTrace++;
            Optional<Round> round = round(move.session(), move.round());
            if (round.isPresent() && steps < MAX_STEPS) {
                steps++;
                round.get().rows.add(row(round.get().rows.size(), move));
            }
        } else if (entry instanceof TraceEntry.RoundEnd end
                && session.map(end.session()::equals).orElse(true)) {
            Optional<Round> round = round(end.session(), end.round());
            if (round.isPresent()) {
                round.get().end = Optional.of(end);
                round.get().rows.add(endRow(round.get().rows.size(), end));
                open.remove(key(end.session(), end.round()));
            }
        } else if (entry instanceof TraceEntry.RoundFailed failed
                && session.map(failed.session()::equals).orElse(true)) {
            Optional<Round> round = round(failed.session(), failed.round());
            if (round.isPresent()) {
                round.get().failed = Optional.of(failed);
                round.get().rows.add(failedRow(round.get().rows, failed));
                open.remove(key(failed.session(), failed.round()));
            }
        }
    }

    /** The round a line belongs to: the open one of its session and number, or a new one while there is room. */
    private Optional<Round> round(String session, int number) {
        Round round = open.get(key(session, number));
        if (round == null) {
            if (steps >= MAX_STEPS) {
                return Optional.empty();
            }
            round = new Round(session, number);
            rounds.add(round);
            open.put(key(session, number), round);
        }
        return Optional.of(round);
    }

    private static String key(String session, int round) {
        return session + "\n" + round;
    }

    private Row row(int index, TraceEntry.Transition move) {
        TraceCheck.MoveCheck checked = check.check(move);
        checked.from().ifPresentOrElse(from -> draw(from.machine()), () -> unknownMachines.add(move.machine()));
        checked.to().ifPresent(to -> draw(to.machine()));
        if (checked.declared().isEmpty()
                && checked.from().isPresent()
                && checked.to().isPresent()) {
            extra.putIfAbsent(
                    List.of(checked.from().get(), checked.to().get()),
                    new PageDiagram.ExtraMove(
                            checked.from().get(), checked.to().get(), move.trigger(), checked.legal()));
        }
        String outcome;
        if (checked.legal()) {
            outcome = checked.runtimesOwn() ? "moved (the runtime's own move)" : "moved";
        } else {
            outcome = checked.problem().orElseThrow().words(1);
        }
        return new Row(
                index,
                move.machine() + "." + move.from(),
                move.toMachine() + "." + move.toStatus(),
                move.trigger(),
                move.action().orElse(""),
                outcome,
                !checked.legal(),
                checked.message(),
                String.format(Locale.ROOT, "%,.1f ms", move.nanos() / 1e6),
                move.line());
    }

    private void draw(StateManager<?, ?> machine) {
        drawn.putIfAbsent(machine.name(), machine);
    }

    private Row endRow(int index, TraceEntry.RoundEnd end) {
        int dot = end.finalStatus().indexOf('.');
        if (dot > 0) {
            check.machine(end.finalStatus().substring(0, dot))
                    .filter(machine -> machine.table()
                            .parse(end.finalStatus().substring(dot + 1))
                            .isPresent())
                    .ifPresent(this::draw);
        }
        return new Row(
                index,
                end.finalStatus(),
                "",
                "",
                "",
                "round " + end.outcome(),
                !end.outcome().equals("COMPLETED"),
                end.reason(),
                "",
                end.line());
    }

    /**
     * The last row of a round that an exception left: in the state its last move entered (where it was when the
     * exception came; none when it made no move), moving nowhere, with the exception.
     */
    private static Row failedRow(List<Row> before, TraceEntry.RoundFailed failed) {
        String at = before.isEmpty() ? "" : before.get(before.size() - 1).to();
        return new Row(before.size(), at, "", "", "", "round failed", true, failed.failure(), "", failed.line());
    }

    private String html(Path trace) {
        String title = trace.getFileName().toString();
        StringBuilder page = new StringBuilder(64 * 1024);
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append(
                        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline';"
                                + " script-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"agentfsm-cli trace view (agent-fsm)\">\n")
                .append("<title>")
                .append(Html.text(title))
                .append(": agent-fsm trace</title>\n")
                .append("<style>\n")
                .append(resource("page.css"))
                .append("</style>\n</head>\n<body>\n");
        page.append("<header><h1>")
                .append(Html.text(title))
                .append("</h1><p>")
                .append(count(rounds.size(), "round"))
                .append(", ")
                .append(count(steps, "transition"))
                .append(drawn.isEmpty() ? "" : "; " + Html.text(String.join(", ", drawn.keySet())))
                .append("</p>\n");
        if (steps < stepsInTrace) {
            note(
                    page,
                    "This page shows the first " + count(steps, "transition") + " of " + stepsInTrace
                            + "; pick one session with --session.");
        }
        if (unreadable > 0) {
            note(
                    page,
                    count(unreadable, "line") + " of the trace could not be read and "
                            + (unreadable == 1 ? "is" : "are")
                            + " left out; 'agentfsm-cli trace check' says where and why.");
        }
        if (!unknownMachines.isEmpty()) {
            note(
                    page,
                    "No machine on the class path is named " + String.join(", ", unknownMachines)
                            + ": its steps are listed but not drawn.");
        }
        page.append("</header>\n<nav id=\"controls\">\n<label>Round <select id=\"round\">\n");
        for (int i = 0; i < rounds.size(); i++) {
            Round round = rounds.get(i);
            page.append("<option value=\"")
                    .append(i)
                    .append("\">")
                    .append(Html.text(roundLabel(round)))
                    .append("</option>\n");
        }
        page.append("</select></label>\n")
                .append("<button id=\"first\" type=\"button\" title=\"first step (Home)\">&#xAB; first</button>")
                .append("<button id=\"prev\" type=\"button\" title=\"previous step (&#x2190;)\">&#x25C0; prev</button>")
                .append("<span id=\"position\"></span>")
                .append("<button id=\"next\" type=\"button\" title=\"next step (&#x2192;)\">next &#x25B6;</button>")
                .append("<button id=\"last\" type=\"button\" title=\"last step (End)\">last &#xBB;</button>\n")
                .append("<span class=\"keys\">keys: &#x2190; &#x2192; step, Home End, PageUp PageDown round</span>\n")
                .append("</nav>\n<main>\n<section id=\"diagrams\">\n");
        List<PageDiagram.ExtraMove> extraMoves = List.copyOf(extra.values());
        for (StateManager<?, ?> machine : drawn.values()) {
            page.append("<figure><figcaption>")
                    .append(Html.text(machine.name()))
                    .append("</figcaption>\n")
                    .append(PageDiagram.svg(machine, extraMoves))
                    .append("\n</figure>\n");
        }
        page.append("</section>\n<section id=\"steps\">\n");
        for (int i = 0; i < rounds.size(); i++) {
            summary(page, i, rounds.get(i));
        }
        boolean actions = rounds.stream().flatMap(round -> round.rows.stream()).anyMatch(row -> !row.action()
                .isEmpty());
        page.append("<table>\n<thead><tr><th>#</th><th>state</th><th>status</th><th>trigger</th>")
                .append(actions ? "<th>action</th>" : "")
                .append("<th>outcome</th><th>time</th></tr></thead>\n<tbody>\n");
        for (int i = 0; i < rounds.size(); i++) {
            for (Row row : rounds.get(i).rows) {
                page.append("<tr class=\"step\" data-round=\"")
                        .append(i)
                        .append("\" data-step=\"")
                        .append(row.step())
                        .append("\" data-from=\"")
                        .append(Html.text(row.from()))
                        .append("\" data-to=\"")
                        .append(Html.text(row.to()))
                        .append("\" title=\"")
                        .append(Html.text("line " + row.line() + (row.title().isEmpty() ? "" : ": " + row.title())))
                        .append("\"><td class=\"num\">")
                        .append(row.step() + 1)
                        .append("</td><td>")
                        .append(breakable(row.from()))
                        .append("</td><td>")
                        .append(breakable(row.to()))
                        .append("</td><td>")
                        .append(Html.text(row.trigger()))
                        .append("</td>");
                if (actions) {
                    page.append("<td class=\"action\">")
                            .append(Html.text(row.action()))
                            .append("</td>");
                }
                page.append("<td")
                        .append(row.bad() ? " class=\"bad\"" : "")
                        .append(">")
                        .append(Html.text(row.outcome()))
                        .append("</td><td class=\"num\">")
                        .append(Html.text(row.time()))
                        .append("</td></tr>\n");
            }
        }
        page.append("</tbody>\n</table>\n</section>\n</main>\n<script>\n")
                .append(resource("page.js"))
                .append("</script>\n</body>\n</html>\n");
        return page.toString();
    }

    /** A qualified status for a table cell: a narrow column breaks the line after the machine's name. */
    private static String breakable(String qualified) {
        return Html.text(qualified).replaceFirst("\\.", ".<wbr>");
    }

    private static void note(StringBuilder page, String text) {
        page.append("<p class=\"note\">").append(Html.text(text)).append("</p>\n");
    }

    private static String roundLabel(Round round) {
        String ending = round.end
                .map(end -> end.outcome() + " after " + count(end.steps(), "step"))
                .or(() -> round.failed.map(failed -> "failed with " + failed.exception()))
                .orElse("unfinished (no roundEnd line)");
        return "session " + round.session + ", round " + round.number + ": " + ending;
    }

    private static void summary(StringBuilder page, int index, Round round) {
        page.append("<div class=\"round-summary\" data-round=\"").append(index).append("\">");
        if (round.end.isPresent()) {
            TraceEntry.RoundEnd end = round.end.get();
            boolean completed = end.outcome().equals("COMPLETED");
            page.append("<span class=\"outcome")
                    .append(completed ? "" : " bad")
                    .append("\">")
                    .append(Html.text(end.outcome()))
                    .append("</span> in ")
                    .append(Html.text(end.finalStatus()))
                    .append(": ")
                    .append(Html.text(end.reason()));
            end.error().ifPresent(error -> page.append("<br>error: ").append(Html.text(error)));
            end.result().ifPresent(result -> page.append("<br>result: ").append(Html.text(result)));
        } else if (round.failed.isPresent()) {
            page.append("<span class=\"outcome bad\">failed</span>: an exception left the round, which has no end"
                            + " (its journal could not be written, a replay diverged, or an Error)<br>error: ")
                    .append(Html.text(round.failed.get().failure()));
        } else {
            page.append("<span class=\"outcome bad\">unfinished</span>: the trace has no roundEnd line for this round"
                    + " (the run stopped, or is still going)");
        }
        page.append("</div>\n");
    }

    private static String count(long count, String noun) {
        return String.format(Locale.ROOT, "%,d", count) + " " + noun + (count == 1 ? "" : "s");
    }

    private static String resource(String name) {
        try (InputStream in = TracePage.class.getResourceAsStream("view/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the trace viewer's " + name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the trace viewer's " + name, e);
        }
    }
}
