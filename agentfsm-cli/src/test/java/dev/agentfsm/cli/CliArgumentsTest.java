package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad command lines print exactly one line and exit 2; --help works on every command. */
class CliArgumentsTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''                                  | agentfsm-cli: give a command: demo, run, machines, diagram, mcp or trace (see 'agentfsm-cli --help')",
                "fly                                 | agentfsm-cli: Unmatched argument at index 0: 'fly' (see 'agentfsm-cli --help')",
                "demo --colour                       | agentfsm-cli demo: Unknown option: '--colour' (see 'agentfsm-cli demo --help')",
                "demo --dir /no/such/dir             | agentfsm-cli demo: --dir '/no/such/dir' is not a directory (see 'agentfsm-cli demo --help')",
                "run --task x                        | agentfsm-cli run: Missing required options: '--base-url=URL' and '--model=NAME' (or --replay FILE, a recorded conversation) (see 'agentfsm-cli run --help')",
                "run --task x --base-url ftp://h --model m | agentfsm-cli run: --base-url 'ftp://h' is not an http(s) URL (see 'agentfsm-cli run --help')",
                "run --task x --base-url http://h --model m --max-steps 0 | agentfsm-cli run: --max-steps must be at least 1, got 0 (see 'agentfsm-cli run --help')",
                "run --task x --base-url http://h --model m --max-steps many | agentfsm-cli run: Invalid value for option '--max-steps': 'many' is not an int (see 'agentfsm-cli run --help')",
                "run --task x --base-url http://h --model m --root /no/such/dir | agentfsm-cli run: --root '/no/such/dir' is not a directory (see 'agentfsm-cli run --help')",
                "run --task x --base-url http://h --model m --allow a/b | agentfsm-cli run: --allow: allowed command 'a/b' is not a command name; give a bare name such as 'journalctl' and put its directory on the search path (see 'agentfsm-cli run --help')",
                "run --task x --base-url http://h --model m --allow sed | agentfsm-cli run: --allow: allowed command 'sed' runs other programs and writes files, and an added command runs with any arguments (only UFO's read-only commands have argument rules); leave it out, or allow it as unsafe if you accept that (allowUnsafe: [sed] in the shell configuration, --allow-unsafe sed on the command line) (see 'agentfsm-cli run --help')",
                "run --task x --base-url http://h --model m --api-key-env AGENTFSM_TEST_UNSET_KEY | agentfsm-cli run: --api-key-env: the environment variable AGENTFSM_TEST_UNSET_KEY is not set (see 'agentfsm-cli run --help')",
                "run --task x --base-url http://h --model m --api-key-header api-key | agentfsm-cli run: --api-key-header needs --api-key-env: without a key there is nothing to send in it (see 'agentfsm-cli run --help')",
                "run --task x --base-url http://h --model m --shell-config /no/such.yaml | agentfsm-cli run: --shell-config '/no/such.yaml' does not exist; give the YAML file of the shell's settings (see 'agentfsm-cli run --help')",
                "diagram                             | agentfsm-cli diagram: Missing required parameter: 'MACHINE' (see 'agentfsm-cli diagram --help')",
                "diagram Nope                        | agentfsm-cli diagram: unknown machine 'Nope'; the machines on the class path are LinuxAgent (see 'agentfsm-cli diagram --help')",
                "diagram LinuxAgent --format png     | agentfsm-cli diagram: Invalid value for option '--format': expected one of mermaid, dot, plantuml, svg but was 'png' (see 'agentfsm-cli diagram --help')",
                "machines extra                      | agentfsm-cli machines: Unmatched argument at index 1: 'extra' (see 'agentfsm-cli machines --help')",
                "trace                               | agentfsm-cli trace: give a command: check, stats or view (see 'agentfsm-cli trace --help')",
                "trace check                         | agentfsm-cli trace check: Missing required parameter: 'FILE' (see 'agentfsm-cli trace check --help')",
                "trace check --format xml t.jsonl    | agentfsm-cli trace check: Invalid value for option '--format': expected one of table, json but was 'xml' (see 'agentfsm-cli trace check --help')",
                "trace stats                         | agentfsm-cli trace stats: Missing required parameter: 'FILE' (see 'agentfsm-cli trace stats --help')",
                "trace view t.jsonl                  | agentfsm-cli trace view: Missing required option: '--out=DIR' (see 'agentfsm-cli trace view --help')",
                "trace view a.jsonl b.jsonl --out o  | agentfsm-cli trace view: Unmatched argument at index 3: 'b.jsonl' (see 'agentfsm-cli trace view --help')",
                "mcp --http 70000                    | agentfsm-cli mcp: --http must be a port from 0 to 65535, got 70000 (see 'agentfsm-cli mcp --help')",
                "mcp --timeout 0                     | agentfsm-cli mcp: --timeout must be from 1 to 120 seconds, got 0 (see 'agentfsm-cli mcp --help')",
                "mcp --root /no/such/dir             | agentfsm-cli mcp: --root '/no/such/dir' is not a directory (see 'agentfsm-cli mcp --help')",
                "mcp --allow a/b                     | agentfsm-cli mcp: --allow: allowed command 'a/b' is not a command name; give a bare name such as 'journalctl' and put its directory on the search path (see 'agentfsm-cli mcp --help')",
                "mcp --http 0 --no-token --bind 0.0.0.0 | agentfsm-cli mcp: --no-token is allowed with a loopback --bind only (127.0.0.1, ::1), not with '0.0.0.0'; keep the token (--token-env NAME, or the generated one) (see 'agentfsm-cli mcp --help')",
                "mcp --http 0 --no-token --token-env T | agentfsm-cli mcp: --no-token and --token-env contradict each other; give one (see 'agentfsm-cli mcp --help')",
                "mcp --http 0 --token-env AGENTFSM_TEST_UNSET_TOKEN | agentfsm-cli mcp: --token-env: the environment variable AGENTFSM_TEST_UNSET_TOKEN is not set (see 'agentfsm-cli mcp --help')",
                "mcp --http 0 --allow-origin evil    | agentfsm-cli mcp: allowed origin 'evil' is not an origin; give scheme, host and port only, e.g. 'http://localhost:6274' (see 'agentfsm-cli mcp --help')",
                "mcp --http 0 --max-sessions 0       | agentfsm-cli mcp: --max-sessions must be at least 1, got 0 (see 'agentfsm-cli mcp --help')",
                "mcp --http 0 --session-idle -1      | agentfsm-cli mcp: --session-idle must be at least 1 second, got -1 (see 'agentfsm-cli mcp --help')",
                "run --task x --replay /no/such.yaml | agentfsm-cli run: --replay '/no/such.yaml' does not exist; give the YAML file of the recorded replies (see 'agentfsm-cli run --help')",
                "run --task x --replay /tmp          | agentfsm-cli run: --replay '/tmp' is a directory; give the YAML file of the recorded replies (see 'agentfsm-cli run --help')",
                "mcp --no-token --allow-host h       | agentfsm-cli mcp: --no-token, --allow-host apply to --http only; on stdio the client that starts the server is the only one (see 'agentfsm-cli mcp --help')",
                "trace stats --format xml t.jsonl    | agentfsm-cli trace stats: Invalid value for option '--format': expected one of table, json but was 'xml' (see 'agentfsm-cli trace stats --help')",
                "trace stats /no/such.jsonl          | agentfsm-cli trace stats: the trace file '/no/such.jsonl' does not exist (see 'agentfsm-cli trace stats --help')"
            })
    void badArgumentsPrintOneLineAndExitTwo(String args, String error) {
        Cli cli = Cli.run(args.isEmpty() ? new String[0] : args.split(" "));
        assertEquals(2, cli.exitCode(), cli.err());
        assertEquals(error + System.lineSeparator(), cli.err());
        assertEquals("", cli.out());
    }

    @ParameterizedTest
    @CsvSource({
        "'', agentfsm-cli",
        "demo, agentfsm-cli demo",
        "run, agentfsm-cli run",
        "machines, agentfsm-cli machines",
        "diagram, agentfsm-cli diagram",
        "mcp, agentfsm-cli mcp",
        "trace, agentfsm-cli trace",
        "trace check, agentfsm-cli trace check",
        "trace stats, agentfsm-cli trace stats",
        "trace view, agentfsm-cli trace view"
    })
    void everyCommandHasHelp(String command, String usage) {
        Cli cli = Cli.run(command.isEmpty() ? new String[] {"--help"} : (command + " --help").split(" "));
        assertEquals(0, cli.exitCode());
        assertTrue(cli.out().startsWith("Usage: " + usage + " "), cli.out());
        assertTrue(cli.out().contains("-h, --help"), cli.out());
    }

    @Test
    void helpCommandNamesEveryCommand() {
        Cli cli = Cli.run("help");
        assertEquals(0, cli.exitCode());
        for (String command : new String[] {"demo", "run", "machines", "diagram", "mcp", "trace"}) {
            assertTrue(cli.out().contains("\n  " + command + " "), cli.out());
        }
    }
}
