package dev.agentfsm.agents.linux.cli;

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
                "''                                  | agents-linux: give a command: demo, run, machines, diagram, mcp or trace (see 'agents-linux --help')",
                "fly                                 | agents-linux: Unmatched argument at index 0: 'fly' (see 'agents-linux --help')",
                "demo --colour                       | agents-linux demo: Unknown option: '--colour' (see 'agents-linux demo --help')",
                "demo --dir /no/such/dir             | agents-linux demo: --dir '/no/such/dir' is not a directory (see 'agents-linux demo --help')",
                "run --task x                        | agents-linux run: Missing required options: '--base-url=URL', '--model=NAME' (see 'agents-linux run --help')",
                "run --task x --base-url ftp://h --model m | agents-linux run: --base-url 'ftp://h' is not an http(s) URL (see 'agents-linux run --help')",
                "run --task x --base-url http://h --model m --max-steps 0 | agents-linux run: --max-steps must be at least 1, got 0 (see 'agents-linux run --help')",
                "run --task x --base-url http://h --model m --max-steps many | agents-linux run: Invalid value for option '--max-steps': 'many' is not an int (see 'agents-linux run --help')",
                "run --task x --base-url http://h --model m --root /no/such/dir | agents-linux run: --root '/no/such/dir' is not a directory (see 'agents-linux run --help')",
                "run --task x --base-url http://h --model m --allow a/b | agents-linux run: --allow: allowed command 'a/b' is not a command name; give a bare name such as 'journalctl' and put its directory on the search path (see 'agents-linux run --help')",
                "run --task x --base-url http://h --model m --allow sed | agents-linux run: --allow: allowed command 'sed' runs other programs and writes files, and an added command runs with any arguments (only UFO's read-only commands have argument rules); leave it out, or allow it as unsafe if you accept that (allowUnsafe: [sed] in the shell configuration, --allow-unsafe sed on the command line) (see 'agents-linux run --help')",
                "run --task x --base-url http://h --model m --api-key-env AGENTFSM_TEST_UNSET_KEY | agents-linux run: --api-key-env: the environment variable AGENTFSM_TEST_UNSET_KEY is not set (see 'agents-linux run --help')",
                "run --task x --base-url http://h --model m --api-key-header api-key | agents-linux run: --api-key-header needs --api-key-env: without a key there is nothing to send in it (see 'agents-linux run --help')",
                "run --task x --base-url http://h --model m --shell-config /no/such.yaml | agents-linux run: --shell-config '/no/such.yaml' is not a file (see 'agents-linux run --help')",
                "diagram                             | agents-linux diagram: Missing required parameter: 'MACHINE' (see 'agents-linux diagram --help')",
                "diagram Nope                        | agents-linux diagram: unknown machine 'Nope'; the machines on the class path are LinuxAgent (see 'agents-linux diagram --help')",
                "diagram LinuxAgent --format png     | agents-linux diagram: Invalid value for option '--format': expected one of mermaid, dot, plantuml, svg but was 'png' (see 'agents-linux diagram --help')",
                "machines extra                      | agents-linux machines: Unmatched argument at index 1: 'extra' (see 'agents-linux machines --help')",
                "trace                               | agents-linux trace: give a command: check, stats or view (see 'agents-linux trace --help')",
                "trace check                         | agents-linux trace check: Missing required parameter: 'FILE' (see 'agents-linux trace check --help')",
                "trace check --format xml t.jsonl    | agents-linux trace check: Invalid value for option '--format': expected one of table, json but was 'xml' (see 'agents-linux trace check --help')",
                "trace stats                         | agents-linux trace stats: Missing required parameter: 'FILE' (see 'agents-linux trace stats --help')",
                "trace view t.jsonl                  | agents-linux trace view: Missing required option: '--out=DIR' (see 'agents-linux trace view --help')",
                "trace view a.jsonl b.jsonl --out o  | agents-linux trace view: Unmatched argument at index 3: 'b.jsonl' (see 'agents-linux trace view --help')",
                "mcp --http 70000                    | agents-linux mcp: --http must be a port from 0 to 65535, got 70000 (see 'agents-linux mcp --help')",
                "mcp --timeout 0                     | agents-linux mcp: --timeout must be from 1 to 120 seconds, got 0 (see 'agents-linux mcp --help')",
                "mcp --root /no/such/dir             | agents-linux mcp: --root '/no/such/dir' is not a directory (see 'agents-linux mcp --help')",
                "mcp --allow a/b                     | agents-linux mcp: --allow: allowed command 'a/b' is not a command name; give a bare name such as 'journalctl' and put its directory on the search path (see 'agents-linux mcp --help')",
                "mcp --http 0 --no-token --bind 0.0.0.0 | agents-linux mcp: --no-token is allowed with a loopback --bind only (127.0.0.1, ::1), not with '0.0.0.0'; keep the token (--token-env NAME, or the generated one) (see 'agents-linux mcp --help')",
                "mcp --http 0 --no-token --token-env T | agents-linux mcp: --no-token and --token-env contradict each other; give one (see 'agents-linux mcp --help')",
                "mcp --http 0 --token-env AGENTFSM_TEST_UNSET_TOKEN | agents-linux mcp: --token-env: the environment variable AGENTFSM_TEST_UNSET_TOKEN is not set (see 'agents-linux mcp --help')",
                "mcp --http 0 --allow-origin evil    | agents-linux mcp: allowed origin 'evil' is not an origin; give scheme, host and port only, e.g. 'http://localhost:6274' (see 'agents-linux mcp --help')",
                "mcp --http 0 --max-sessions 0       | agents-linux mcp: the most sessions must be at least 1, got 0 (see 'agents-linux mcp --help')",
                "mcp --no-token --allow-host h       | agents-linux mcp: --no-token, --allow-host apply to --http only; on stdio the client that starts the server is the only one (see 'agents-linux mcp --help')",
                "trace stats --format xml t.jsonl    | agents-linux trace stats: Invalid value for option '--format': expected one of table, json but was 'xml' (see 'agents-linux trace stats --help')",
                "trace stats /no/such.jsonl          | agents-linux trace stats: the trace file '/no/such.jsonl' does not exist (see 'agents-linux trace stats --help')"
            })
    void badArgumentsPrintOneLineAndExitTwo(String args, String error) {
        Cli cli = Cli.run(args.isEmpty() ? new String[0] : args.split(" "));
        assertEquals(2, cli.exitCode(), cli.err());
        assertEquals(error + System.lineSeparator(), cli.err());
        assertEquals("", cli.out());
    }

    @ParameterizedTest
    @CsvSource({
        "'', agents-linux",
        "demo, agents-linux demo",
        "run, agents-linux run",
        "machines, agents-linux machines",
        "diagram, agents-linux diagram",
        "mcp, agents-linux mcp",
        "trace, agents-linux trace",
        "trace check, agents-linux trace check",
        "trace stats, agents-linux trace stats",
        "trace view, agents-linux trace view"
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
