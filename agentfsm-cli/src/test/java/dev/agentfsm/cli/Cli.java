package dev.agentfsm.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine.Help.Ansi;

/** Runs the program in-process without colour and keeps what it printed. */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = AgentFsmCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), Ansi.OFF, args);
        return new Cli(code, out.toString(), err.toString());
    }
}
