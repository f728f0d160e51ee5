package dev.agentfsm.agents.linux.shell;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Argument rules for the commands of UFO's read-only list that can still change something or start
 * another program: {@code find} deletes, writes or asks to run with its acting predicates ({@code -exec}
 * and {@code -execdir} are refused after every command by {@link CommandPolicy}); {@code sort} writes a
 * file with {@code -o}, runs a program with {@code --compress-program} and puts its temporary files
 * anywhere with {@code -T} (they belong in the command's own {@code TMPDIR}); {@code uniq} writes its
 * second operand; {@code file} writes a compiled magic file with {@code -C}, runs decompressors with
 * {@code -z}/{@code -Z}, changes access times with {@code -p} and drops its own system-call sandbox with
 * {@code -S}; {@code diff -l} runs {@code pr}; {@code date} sets the clock with {@code -s} or an operand;
 * {@code hostname} sets the host name with an operand or {@code -F}; and {@code ping -f}/{@code -l} floods.
 *
 * <p>Some commands not on UFO's list but not known to be unsafe either ({@link UnsafeCommands}) write a file
 * through one option, and an operator may well add them with {@code allow} for what they print; their writing
 * option is refused as {@code sort -o} is: {@code shuf -o}, {@code iconv -o}, {@code sdiff -o} (and
 * {@code sdiff --diff-program}, which runs a program), and {@code xxd}'s second operand (its output file,
 * with or without {@code -r}).
 *
 * <p>The GNU tools' options are read as getopt reads them ({@link GnuArguments}), so clusters and
 * abbreviations are caught too; {@code xxd}'s as xxd itself reads them ({@link #xxdOperands}).
 */
final class WritingArguments {
    private static final GnuArguments SORT = new GnuArguments(
            "kotST",
            "",
            Set.of(
                    "batch-size",
                    "buffer-size",
                    "compress-program",
                    "field-separator",
                    "files0-from",
                    "key",
                    "output",
                    "parallel",
                    "random-source",
                    "sort",
                    "temporary-directory"));
    private static final GnuArguments UNIQ =
            new GnuArguments("fsw", "", Set.of("skip-fields", "skip-chars", "check-chars"));
    private static final GnuArguments FILE = new GnuArguments(
            "efFmP", "", Set.of("exclude", "exclude-quiet", "files-from", "separator", "magic-file", "parameter"));
    private static final GnuArguments DIFF = new GnuArguments(
            "CUWFxXSIDL",
            "",
            Set.of(
                    "width",
                    "show-function-line",
                    "label",
                    "tabsize",
                    "exclude",
                    "exclude-from",
                    "starting-file",
                    "from-file",
                    "to-file",
                    "ignore-matching-lines",
                    "ifdef",
                    "old-group-format",
                    "new-group-format",
                    "unchanged-group-format",
                    "changed-group-format",
                    "line-format",
                    "old-line-format",
                    "new-line-format",
                    "unchanged-line-format",
                    "horizon-lines",
                    "palette"));
    private static final GnuArguments DATE =
            new GnuArguments("dfrs", "I", Set.of("date", "file", "reference", "rfc-3339", "set"));
    private static final GnuArguments PING = new GnuArguments("ceFiIlmMpQsStTwW", "", Set.of());
    private static final GnuArguments SHUF =
            new GnuArguments("ino", "", Set.of("head-count", "input-range", "output", "random-source"));
    private static final GnuArguments ICONV = new GnuArguments("fto", "", Set.of("from-code", "to-code", "output"));
    private static final GnuArguments SDIFF =
            new GnuArguments("oIw", "", Set.of("output", "ignore-matching-lines", "width", "tabsize", "diff-program"));

    /**
     * xxd's options that take a value, attached ({@code -c16}) or as the next word, with the rest of their long
     * spelling ({@code -cols}, which also takes the next word); {@code -capitalize} takes none. Newer xxd's
     * {@code -R WHEN} is read as taking the next word only when nothing is attached.
     */
    private static final Map<Character, String> XXD_VALUES =
            Map.of('c', "ols", 'g', "roupsize", 'l', "en", 'n', "ame", 'o', "ffset", 's', "eek", 'R', "");

    /** Predicates that make {@code find} delete, ask to run, or write ({@code -fprint*} too). */
    private static final Set<String> FIND_ACTIONS = Set.of("-delete", "-ok", "-okdir", "-fls");

    /** What {@code hostname} may be given: options that only print. */
    private static final Set<String> HOSTNAME_PRINTING = Set.of(
            "-a",
            "--alias",
            "-A",
            "--all-fqdns",
            "-d",
            "--domain",
            "-f",
            "--fqdn",
            "--long",
            "-i",
            "--ip-address",
            "-I",
            "--all-ip-addresses",
            "-s",
            "--short",
            "-y",
            "--yp",
            "--nis",
            "-V",
            "--version",
            "-h",
            "--help");

    /** The shortest interval {@code ping} may be given, in seconds (ping's own limit for users). */
    private static final double MIN_PING_INTERVAL = 0.2;

    private WritingArguments() {}

    /** Why {@code command} must not run with {@code args}, or empty when they only read. */
    static Optional<String> refusal(String command, List<String> args) {
        return switch (command) {
            case "find" -> find(args);
            case "sort" -> sort(SORT.parse(args));
            case "uniq" -> uniq(UNIQ.parse(args));
            case "file" -> file(FILE.parse(args));
            case "diff" -> diff(DIFF.parse(args));
            case "date" -> date(DATE.parse(args));
            case "hostname" -> hostname(args);
            case "ping" -> ping(PING.parse(args));
            case "shuf" -> writesOutput("shuf", SHUF.parse(args));
            case "iconv" -> writesOutput("iconv", ICONV.parse(args));
            case "sdiff" -> sdiff(SDIFF.parse(args));
            case "xxd" -> xxd(args);
            default -> Optional.empty();
        };
    }

    private static Optional<String> find(List<String> args) {
        for (String arg : args) {
            if (FIND_ACTIONS.contains(arg) || arg.startsWith("-fprint")) {
                return Optional.of("find " + arg + " is blocked: find may only list files");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> sort(GnuArguments.Parsed parsed) {
        for (GnuArguments.Option option : parsed.options()) {
            if (option.is('o') || option.abbreviates("output")) {
                return Optional.of("sort -o/--output is blocked: it writes a file; sort prints to stdout without it");
            }
            if (option.abbreviates("compress-program")) {
                return Optional.of("sort --compress-program is blocked: it runs another program");
            }
            if (option.is('T') || option.abbreviates("temporary-directory")) {
                return Optional.of("sort -T/--temporary-directory is blocked: it writes temporary files there;"
                        + " sort uses the command's own TMPDIR without it");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> uniq(GnuArguments.Parsed parsed) {
        if (parsed.operands().size() > 1) {
            return Optional.of("uniq with a second operand is blocked: uniq writes its output to that file ('"
                    + parsed.operands().get(1) + "'); give one input file, the output goes to stdout");
        }
        return Optional.empty();
    }

    private static Optional<String> file(GnuArguments.Parsed parsed) {
        for (GnuArguments.Option option : parsed.options()) {
            if (option.is('C') || option.abbreviates("compile")) {
                return Optional.of("file -C/--compile is blocked: it writes a compiled magic file");
            }
            if (option.is('z')
                    || option.is('Z')
                    || option.abbreviates("uncompress")
                    || option.abbreviates("uncompress-noreport")) {
                return Optional.of("file -z/-Z/--uncompress is blocked: it runs decompressors (gzip, zstd, lz4 ...)"
                        + " on the file; file names the compression without it");
            }
            if (option.is('p') || option.abbreviates("preserve-date")) {
                return Optional.of("file -p/--preserve-date is blocked: it changes the files' access times");
            }
            if (option.is('S') || option.abbreviates("no-sandbox")) {
                return Optional.of("file -S/--no-sandbox is blocked: it turns off file's own system-call sandbox");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> diff(GnuArguments.Parsed parsed) {
        for (GnuArguments.Option option : parsed.options()) {
            if (option.is('l') || option.abbreviates("paginate")) {
                return Optional.of("diff -l/--paginate is blocked: it runs pr; diff prints without it");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> date(GnuArguments.Parsed parsed) {
        for (GnuArguments.Option option : parsed.options()) {
            if (option.is('s') || option.abbreviates("set")) {
                return Optional.of("date -s/--set is blocked: it sets the clock; date prints the time without it");
            }
        }
        for (String operand : parsed.operands()) {
            if (!operand.startsWith("+")) {
                return Optional.of(
                        "date '" + operand + "' is blocked: an operand that is not a +FORMAT sets the clock");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> hostname(List<String> args) {
        for (String arg : args) {
            if (!HOSTNAME_PRINTING.contains(arg)) {
                return Optional.of("hostname '" + arg + "' is blocked: hostname may only print (no name, -F or -b,"
                        + " which set it); give no argument or one of "
                        + String.join(
                                " ",
                                HOSTNAME_PRINTING.stream()
                                        .filter(flag -> flag.length() == 2)
                                        .sorted()
                                        .toList()));
            }
        }
        return Optional.empty();
    }

    private static Optional<String> ping(GnuArguments.Parsed parsed) {
        for (GnuArguments.Option option : parsed.options()) {
            if (option.is('f') || option.is('l')) {
                return Optional.of("ping -" + option.name() + " is blocked: it floods; use -c COUNT and -i SECONDS"
                        + " of at least " + MIN_PING_INTERVAL);
            }
            if (option.is('i')
                    && option.value().map(WritingArguments::tooShortInterval).orElse(false)) {
                return Optional.of("ping -i " + option.value().get() + " is blocked: the interval must be at least "
                        + MIN_PING_INTERVAL + " seconds");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> writesOutput(String command, GnuArguments.Parsed parsed) {
        for (GnuArguments.Option option : parsed.options()) {
            if (option.is('o') || option.abbreviates("output")) {
                return Optional.of(command + " -o/--output is blocked: it writes a file; " + command
                        + " prints to stdout without it");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> sdiff(GnuArguments.Parsed parsed) {
        for (GnuArguments.Option option : parsed.options()) {
            if (option.abbreviates("diff-program")) {
                return Optional.of("sdiff --diff-program is blocked: it runs another program");
            }
        }
        return writesOutput("sdiff", parsed);
    }

    private static Optional<String> xxd(List<String> args) {
        List<String> operands = xxdOperands(args);
        if (operands.size() > 1) {
            return Optional.of("xxd with a second operand is blocked: xxd writes its output to that file ('"
                    + operands.get(1) + "'); give one input file, the output goes to stdout");
        }
        return Optional.empty();
    }

    /**
     * xxd's operands as xxd reads its command line: options first ({@code -} or {@code --} and a letter, with
     * a value attached or in the next word), the first other word or a {@code --} ending them.
     */
    static List<String> xxdOperands(List<String> args) {
        int i = 0;
        while (i < args.size()) {
            String word = args.get(i);
            if (word.equals("--")) {
                i++;
                break;
            }
            String option = word.startsWith("--") && word.length() > 2 ? word.substring(1) : word;
            if (!option.startsWith("-") || option.length() < 2) {
                break; // an operand, or "-" (standard input)
            }
            String longRest = XXD_VALUES.get(option.charAt(1));
            String rest = option.substring(2);
            boolean capitalize = option.charAt(1) == 'c' && !rest.isEmpty() && "apitalize".startsWith(rest);
            boolean valueFollows =
                    rest.isEmpty() || (longRest != null && !longRest.isEmpty() && rest.startsWith(longRest));
            if (longRest != null && !capitalize && valueFollows) {
                i++; // the value is the next word
            }
            i++;
        }
        return List.copyOf(args.subList(Math.min(i, args.size()), args.size()));
    }

    private static boolean tooShortInterval(String seconds) {
        try {
            return !(Double.parseDouble(seconds.strip()) >= MIN_PING_INTERVAL);
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
