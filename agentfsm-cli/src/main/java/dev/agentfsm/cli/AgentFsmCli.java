package dev.agentfsm.cli;

import dev.agentfsm.runtime.internal.SafeText;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * agent-fsm's command-line program: {@code demo} runs the LinuxAgent on this machine's shell with a
 * recorded LLM conversation, {@code run} runs it with a real OpenAI-compatible model, {@code mcp} serves
 * the shell as an MCP server, {@code machines} and {@code diagram} show the machines on the class path,
 * {@code trace} checks, sums up and shows traces. Bad arguments print one line and exit 2; a round that does not complete exits 1.
 */
@Command(
        name = "agentfsm-cli",
        mixinStandardHelpOptions = true,
        version = "agentfsm-cli (agent-fsm) 0.1.0-SNAPSHOT",
        description = "agent-fsm's command line: runs the LinuxAgent on this machine's shell (read-only,"
                + " allow-listed commands, no shell, with time-outs and output caps), serves that shell over MCP,"
                + " lists and draws the machines on the class path, and checks, sums up and shows traces.",
        subcommands = {
            DemoCommand.class,
            RunTaskCommand.class,
            MachinesCommand.class,
            DiagramCommand.class,
            McpCommand.class,
            TraceCommand.class,
            CommandLine.HelpCommand.class
        })
public final class AgentFsmCli implements Runnable {
    /** Exit code of a bad command line. */
    static final int USAGE = 2;
    /** Exit code of work that did not succeed (a round that did not complete, a missing diagram). */
    static final int FAILED = 1;
    /** Exit code of a run that stopped at a question for its user ({@code run --journal} with no terminal, or {@code --no-wait}). */
    static final int WAITING = 3;
    /** The most characters of an error message printed. */
    private static final int MESSAGE_CHARS = 2_000;

    @Spec
    CommandSpec spec;

    /** Runs the program and exits with its code. */
    public static void main(String[] args) {
        // the platform's charset, which System.out and System.err encode with too
        Charset terminal = Charset.defaultCharset();
        System.exit(execute(
                new PrintWriter(new OutputStreamWriter(System.out, terminal), true),
                new PrintWriter(new OutputStreamWriter(System.err, terminal), true),
                Ansi.AUTO,
                args));
    }

    /** Runs the program with the given streams and colour mode; returns the exit code. */
    static int execute(PrintWriter out, PrintWriter err, Ansi ansi, String... args) {
        CommandLine cli = new CommandLine(new AgentFsmCli())
                .setOut(out)
                .setErr(err)
                .setColorScheme(CommandLine.Help.defaultColorScheme(ansi))
                .setParameterExceptionHandler(AgentFsmCli::badArguments)
                .setExecutionExceptionHandler(AgentFsmCli::failed);
        return cli.execute(args);
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "give a command: demo, run, machines, diagram, mcp or trace");
    }

    /** One line naming the problem and where help is, then exit 2. */
    private static int badArguments(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        String name = command.getCommandSpec().qualifiedName();
        command.getErr().println(name + ": " + oneLine(e.getMessage()) + " (see '" + name + " --help')");
        command.getErr().flush();
        return USAGE;
    }

    /** One line naming what failed, then exit 1. */
    private static int failed(Exception e, CommandLine command, CommandLine.ParseResult parseResult) {
        String message = e.getMessage() == null ? e.getClass().getName() : oneLine(fileProblem(e));
        command.getErr().println(command.getCommandSpec().qualifiedName() + ": " + message);
        command.getErr().flush();
        return FAILED;
    }

    /**
     * The message of {@code e}, saying what went wrong when it is a file system error that names only
     * the file ({@code /root/report}, for an {@code AccessDeniedException}).
     */
    private static String fileProblem(Exception e) {
        if (!(e instanceof FileSystemException file) || file.getReason() != null) {
            return e.getMessage();
        }
        String problem = e instanceof AccessDeniedException
                ? "permission denied"
                : e instanceof NoSuchFileException
                        ? "no such file or directory"
                        : e instanceof FileAlreadyExistsException
                                ? "a file is in the way (a dangling link, or a file where a directory should be)"
                                : e instanceof NotDirectoryException
                                        ? "not a directory"
                                        : e.getClass().getSimpleName();
        return e.getMessage() + ": " + problem;
    }

    /** A message on one line, safe for a terminal (it may quote a model, a server or a command). */
    private static String oneLine(String message) {
        return SafeText.line(message.strip().replaceAll("\\s*\\R\\s*", " "), MESSAGE_CHARS);
    }

    /** Where machines and their files are looked up: the thread's context class loader, else this program's. */
    static ClassLoader classPath() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : AgentFsmCli.class.getClassLoader();
    }

    /** The console a subcommand writes to, as the command line was set up. */
    static Console console(CommandSpec spec) {
        CommandLine cli = spec.commandLine();
        return new Console(
                cli.getOut(), cli.getErr(), cli.getColorScheme().ansi().enabled());
    }
}
