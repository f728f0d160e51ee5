package dev.agentfsm.agents.linux.shell;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a command line may run, as UFO's hardened Linux server does: no shell syntax at
 * all (operators, substitutions, redirections, line breaks), a command name from the allow-list
 * (checked by basename), and rules for the allowed commands that could still write or run code:
 * interpreters and launchers with nothing but a version flag, and the per-command argument rules of
 * {@link WritingArguments} ({@code find}, {@code sort}, {@code uniq}, {@code file}, {@code date},
 * {@code hostname}, {@code ping}, and, when added, {@code shuf}, {@code iconv}, {@code sdiff}, {@code xxd}).
 * Nothing is expanded: {@code $HOME}, {@code ~} and {@code *} reach the command as written. The command
 * line is checked as written, before it is split, so quoting hides nothing.
 */
final class CommandPolicy {

    /** Shell operators; with no shell they would reach the command as arguments, and they signal intent. */
    private static final String OPERATORS = ";|&`<>\n\r\0";

    private static final List<String> BLOCKED_TEXT = List.of("$(", "${", "/dev/tcp/", "/dev/udp/");

    /** Words refused after any command, as UFO refuses them anywhere in the line (it blocks them by pattern). */
    private static final Set<String> BLOCKED_WORDS = Set.of("-exec", "-execdir");

    /**
     * Programs that run code or other programs they are given (interpreters, and launchers such as
     * {@code env} or {@code xargs}, which would run a command the allow-list never saw); allowed ones
     * may only print their version.
     */
    private static final Set<String> INTERPRETERS = Set.of(
            "python", "python2", "python3", "pypy", "pypy3", "perl", "ruby", "node", "nodejs", "php", "lua", "sh",
            "bash", "dash", "zsh", "ksh", "fish", "tclsh", "busybox", "awk", "gawk", "mawk", "nawk", "env", "xargs",
            "timeout", "nice", "ionice", "nohup", "setsid", "stdbuf", "taskset", "chroot", "sudo", "doas", "su",
            "runuser", "flock", "watch", "strace", "ltrace", "time", "unshare", "nsenter");

    /** Launchers that only print when run alone ({@code env} the environment, {@code nice} the niceness). */
    private static final Set<String> PRINT_ALONE = Set.of("env", "nice");

    private static final Set<String> VERSION_FLAGS = Set.of("--version", "-V");

    private final Set<String> allowed;

    CommandPolicy(Set<String> allowed) {
        this.allowed = Set.copyOf(allowed);
    }

    Verdict check(String line) {
        for (int i = 0; i < OPERATORS.length(); i++) {
            char c = OPERATORS.charAt(i);
            if (line.indexOf(c) >= 0) {
                return new Verdict.Refuse("'" + printable(c) + "' is shell syntax; commands run without a shell,"
                        + " so give one command and its arguments, no operators, pipes or redirections");
            }
        }
        for (String text : BLOCKED_TEXT) {
            if (line.contains(text)) {
                return new Verdict.Refuse("'" + text + "' is blocked (a substitution or a network device path)");
            }
        }
        List<String> argv;
        try {
            argv = ShellWords.split(line);
        } catch (IllegalArgumentException e) {
            return new Verdict.Refuse("cannot split the command into words: " + e.getMessage());
        }
        if (argv.isEmpty()) {
            return new Verdict.Refuse("the command is empty");
        }
        for (String word : argv) {
            if (BLOCKED_WORDS.contains(word)) {
                return new Verdict.Refuse("'" + word + "' is blocked: it runs other commands");
            }
        }
        String name = basename(argv.get(0));
        if (!allowed.contains(name)) {
            return new Verdict.Refuse("'" + name + "' is not on the allow-list");
        }
        List<String> args = argv.subList(1, argv.size());
        if (isInterpreter(name)
                && !(args.size() == 1 && VERSION_FLAGS.contains(args.get(0)))
                && !(args.isEmpty() && PRINT_ALONE.contains(name))) {
            return new Verdict.Refuse(name + " may only run as '" + name + " --version' or '" + name + " -V'"
                    + (PRINT_ALONE.contains(name) ? " or alone" : ""));
        }
        Optional<String> writes = WritingArguments.refusal(name, args);
        if (writes.isPresent()) {
            return new Verdict.Refuse(writes.get());
        }
        return new Verdict.Run(argv);
    }

    /** An interpreter or launcher, also under a versioned name ({@code python3.11}, {@code perl5.36}). */
    static boolean isInterpreter(String name) {
        return INTERPRETERS.contains(name) || INTERPRETERS.contains(UnsafeCommands.unversioned(name));
    }

    static String basename(String word) {
        return word.substring(word.lastIndexOf('/') + 1);
    }

    private static String printable(char c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\0' -> "\\0";
            default -> String.valueOf(c);
        };
    }
}
