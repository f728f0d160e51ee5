package dev.agentfsm.agents.linux.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandPolicyTest {
    private final CommandPolicy policy = new CommandPolicy(
            ShellConfig.of(Path.of("/tmp")).withUnsafeAllowed("rm", "bash").allowedCommands());

    private String refusal(String line) {
        return assertInstanceOf(Verdict.Refuse.class, policy.check(line), line).reason();
    }

    @Test
    void allowedCommandRunsWithItsWords() {
        assertEquals(new Verdict.Run(List.of("grep", "-rn", "needle in", ".")), policy.check("grep -rn 'needle in' ."));
        assertEquals(new Verdict.Run(List.of("/usr/bin/ls", "-l")), policy.check("/usr/bin/ls -l"));
        assertEquals(new Verdict.Run(List.of("python3", "--version")), policy.check("python3 --version"));
        assertEquals(new Verdict.Run(List.of("ls", "pre-execution.txt")), policy.check("ls pre-execution.txt"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ls; rm -rf x",
                "ls | wc -l",
                "ls && rm x",
                "ls & rm x",
                "echo `rm x`",
                "echo hi > x",
                "cat < x",
                "ls\nrm x",
                "ls\rrm x",
                "ls\0rm x",
                "echo 'a;b'"
            })
    void shellSyntaxIsRefusedEvenQuoted(String line) {
        assertTrue(refusal(line).contains("is shell syntax; commands run without a shell"), refusal(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"echo $(rm x)", "echo ${HOME}", "cat /dev/tcp/example.com/80", "cat /dev/udp/1.1.1.1/53"})
    void substitutionsAndNetworkDevicesAreRefused(String line) {
        assertTrue(refusal(line).startsWith("'"), refusal(line));
        assertTrue(refusal(line).contains("is blocked"), refusal(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"find . -exec rm {} +", "find . -execdir rm {} +", "grep -exec x"})
    void execWordsAreRefusedAfterAnyCommand(String line) {
        assertTrue(refusal(line).endsWith("is blocked: it runs other commands"), refusal(line));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "find . -delete",
                "find . -ok rm {}",
                "find . -okdir rm",
                "find . -fprint out",
                "find . -fprint0 out",
                "find . -fprintf out %p",
                "find . -fls out"
            })
    void findMayOnlyList(String line) {
        assertTrue(refusal(line).startsWith("find -"), refusal(line));
        assertTrue(refusal(line).endsWith("is blocked: find may only list files"), refusal(line));
    }

    @Test
    void interpretersMayOnlyPrintTheirVersion() {
        assertEquals("python may only run as 'python --version' or 'python -V'", refusal("python -c 'print(1)'"));
        assertEquals("python3 may only run as 'python3 --version' or 'python3 -V'", refusal("python3"));
        assertEquals("python3 may only run as 'python3 --version' or 'python3 -V'", refusal("python3 --version -c x"));
        assertEquals("bash may only run as 'bash --version' or 'bash -V'", refusal("bash -c ls"));
        assertInstanceOf(Verdict.Run.class, policy.check("python -V"));
    }

    @Test
    void commandsOffTheListAreRefusedByBasename() {
        assertEquals("'curl' is not on the allow-list", refusal("curl http://example.com"));
        assertEquals("'curl' is not on the allow-list", refusal("/usr/bin/curl http://example.com"));
        assertEquals("'' is not on the allow-list", refusal("/usr/bin/ x"));
        assertEquals("the command is empty", refusal("   "));
        assertEquals("cannot split the command into words: unterminated single quote at position 4", refusal("cat 'x"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sort -o out notes",
                "sort -oout notes",
                "sort -ruo out notes",
                "sort notes -o out",
                "sort --output=out notes",
                "sort --output out notes",
                "sort --out=out notes",
                "sort --o out notes",
                "sort --compress-program=touch notes",
                "sort --compress-prog touch notes",
                "sort --com=touch notes",
                "uniq notes out",
                "uniq -c notes out",
                "uniq -f 1 notes out",
                "uniq notes -- out",
                "uniq -- -a -b",
                "file -C -m magic",
                "file -bC",
                "file --compile -m magic",
                "date -s 2030-01-01",
                "date --set=2030-01-01",
                "date --set 2030-01-01",
                "date --s=2030-01-01",
                "date -us 2030-01-01",
                "date 010100002030",
                "date -u 0101",
                "hostname evil",
                "hostname -F name.txt",
                "hostname --file name.txt",
                "hostname -b x",
                "hostname -s x",
                "ping -f localhost",
                "ping -c 5 -fq localhost",
                "ping -l 3 localhost",
                "ping -i 0.01 localhost",
                "ping -i0 localhost"
            })
    void argumentsThatWriteSetOrFloodAreRefused(String line) {
        String reason = refusal(line);
        assertTrue(reason.contains(" is blocked: "), reason);
        assertTrue(reason.startsWith(line.substring(0, line.indexOf(' '))), reason);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sort notes",
                "sort -r -k 2 notes",
                "sort -t o notes",
                "sort -to notes",
                "sort -k o notes",
                "sort -u --key=2 notes",
                "uniq notes",
                "uniq -c notes",
                "uniq -f 1 notes",
                "uniq --skip-fields 1 notes",
                "uniq -",
                "file notes",
                "file -m magic notes",
                "file -b notes",
                "date",
                "date +%F",
                "date -u +%s",
                "date -Iseconds",
                "date -d yesterday +%F",
                "date --date 2030-01-01 +%A",
                "date -r notes",
                "date --rfc-3339 seconds",
                "hostname",
                "hostname -s",
                "hostname -I",
                "hostname --fqdn",
                "ping -c 1 localhost",
                "ping -c 3 -i 0.5 -W 1 localhost"
            })
    void readingUsesOfTheSameCommandsStillRun(String line) {
        assertInstanceOf(Verdict.Run.class, policy.check(line), () -> line + ": " + policy.check(line));
    }

    @Test
    void launchersMayOnlyPrintTheirVersionSoTheyCannotRunWhatTheListRefuses() {
        CommandPolicy withLaunchers = new CommandPolicy(ShellConfig.of(Path.of("/tmp"))
                .withUnsafeAllowed("env", "xargs", "timeout", "nice", "awk", "sudo")
                .allowedCommands());
        for (String line : List.of(
                "env rm x", "env -i rm x", "xargs rm", "timeout 5 rm x", "nice rm x", "awk BEGIN{print}", "sudo ls")) {
            Verdict verdict = withLaunchers.check(line);
            assertInstanceOf(Verdict.Refuse.class, verdict, line);
            assertTrue(((Verdict.Refuse) verdict).reason().contains(" may only run as '"), verdict.toString());
        }
        assertEquals(new Verdict.Run(List.of("env")), withLaunchers.check("env"));
        assertEquals(new Verdict.Run(List.of("timeout", "--version")), withLaunchers.check("timeout --version"));
        assertInstanceOf(Verdict.Refuse.class, withLaunchers.check("timeout"));
    }

    @Test
    void theAllowListIsExactAndByBasenameSoPathTricksChangeNothing() {
        CommandPolicy ufo = new CommandPolicy(ShellConfig.of(Path.of("/tmp")).allowedCommands());
        assertEquals(new Verdict.Refuse("'LS' is not on the allow-list"), ufo.check("LS"));
        assertEquals(new Verdict.Refuse("'rm' is not on the allow-list"), ufo.check("../../bin/rm x"));
        assertEquals(new Verdict.Refuse("'rm' is not on the allow-list"), ufo.check("/bin/rm x"));
        assertEquals(new Verdict.Refuse("'ls ' is not on the allow-list"), ufo.check("'ls ' x"));
        // ./ls passes the policy by basename; the driver then runs only the search path's ls (ShellDriverTest)
        assertEquals(new Verdict.Run(List.of("./ls")), policy.check("./ls"));
    }

    @Test
    void quotedOperatorsAreRefusedAndNothingIsExpanded() {
        assertTrue(refusal("ls \"a;b\"").contains("';' is shell syntax"));
        assertTrue(refusal("ls 'x|y'").contains("'|' is shell syntax"));
        assertEquals(new Verdict.Run(List.of("echo", "$HOME", "~", "*", "a b")), policy.check("echo $HOME ~ * 'a b'"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sort -T /var/tmp notes",
                "sort -T/var/tmp notes",
                "sort -ruT /var/tmp notes",
                "sort notes -T x",
                "sort --temporary-directory=/var/tmp notes",
                "sort --temporary-directory /var/tmp notes",
                "sort --temp=/var/tmp notes",
                "sort --t /var/tmp notes",
                "sort --tem=x notes"
            })
    void sortMayNotPutItsTemporaryFilesElsewhere(String line) {
        assertEquals(
                "sort -T/--temporary-directory is blocked: it writes temporary files there; sort uses the"
                        + " command's own TMPDIR without it",
                refusal(line));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "file -z notes.gz",
                "file -Z notes.gz",
                "file -bz notes.gz",
                "file --uncompress notes.gz",
                "file --unc notes.gz",
                "file --uncompress-noreport notes.gz",
                "file --uncompress-n notes.gz",
                "file -p notes",
                "file -bp notes",
                "file --preserve-date notes",
                "file --pres notes",
                "file -S notes",
                "file --no-sandbox notes",
                "file --no-s notes",
                "file -m magic -z notes",
                "diff -l a b",
                "diff -ul a b",
                "diff --paginate a b",
                "diff --pag a b",
                "diff -U 3 -l a b",
                "diff a b --paginate"
            })
    void optionsThatStartOtherProgramsOrTouchFilesAreRefused(String line) {
        String reason = refusal(line);
        assertTrue(reason.startsWith(line.substring(0, line.indexOf(' ')) + " -"), reason);
        assertTrue(reason.contains(" is blocked: "), reason);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "file -b notes",
                "file -m magic notes",
                "file -P bytes=1024 notes",
                "file -e compress notes",
                "diff a b",
                "diff -u a b",
                "diff -U 3 a b",
                "diff --label -l --label x a b",
                "diff -I -l a b",
                "diff -y -W 100 a b",
                "diff --color a b",
                "diff -p a b"
            })
    void theSameCommandsWithOtherOptionsStillRun(String line) {
        assertInstanceOf(Verdict.Run.class, policy.check(line), () -> line + ": " + policy.check(line));
    }

    @Test
    void versionedInterpretersMayOnlyPrintTheirVersionToo() {
        CommandPolicy versioned = new CommandPolicy(ShellConfig.of(Path.of("/tmp"))
                .withUnsafeAllowed("python3.11", "perl5.36", "ruby3.1", "pypy3")
                .allowedCommands());
        for (String line :
                List.of("python3.11 -c 'import os'", "perl5.36 -e 'system(1)'", "ruby3.1 -e x", "pypy3 x.py")) {
            Verdict verdict = versioned.check(line);
            assertInstanceOf(Verdict.Refuse.class, verdict, line);
            assertTrue(((Verdict.Refuse) verdict).reason().contains(" may only run as '"), verdict.toString());
        }
        assertEquals(new Verdict.Run(List.of("python3.11", "--version")), versioned.check("python3.11 --version"));
    }
}
