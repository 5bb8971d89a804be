package dev.polycube.cli;

import dev.polycube.error.FileAccessException;
import dev.polycube.error.UserException;
import dev.polycube.files.AtomicFiles;
import dev.polycube.files.ExitCleanup;
import dev.polycube.files.StandardStreams;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code polycube} command: subcommands for solving, inspecting and listing puzzles. */
@Command(name = "polycube", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Finds every way to pack a set of polycube pieces into a shape, removes the copies that are only",
            "rotations (or mirror images) of each other, and writes the result as a catalog file.",
            "",
            "Start with:  polycube list            built-in puzzles, published counts",
            "             polycube info bedlam     pieces, placements, symmetry group",
            "             polycube solve bedlam    19,186 solutions -> catalogs/bedlam.txt",
            "             polycube diff catalogs/bedlam.txt \\",
            "                 catalogs/published/ekstrom-bedlam-19186-solutions.txt"},
        footer = {"", "Exit codes: 0 ok; 1 negative answer (catalogs differ, catalog invalid, count differs from the",
            "published one); 2 bad input; 3 file error; 4 internal error; 130 (Ctrl-C) or 143 (SIGTERM) interrupted,",
            "checkpoint saved.",
            "More: README.md and docs/ in the project."})
public final class Main implements Runnable {

    /** The subcommands, in the order help lists them. */
    private static final List<Class<?>> COMMANDS = List.of(SolveCommand.class, ResumeCommand.class, MergeCommand.class,
            ListCommand.class, InfoCommand.class, VerifyCommand.class, DisassembleCommand.class, DiffCommand.class,
            ConvertCommand.class, GenerateCommand.class, RenderCommand.class, ShowCommand.class, ExportCommand.class,
            PlanCommand.class, StatusCommand.class, ViewCommand.class, CompletionCommand.class, CommandLine.HelpCommand.class);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // UTF-8 on stdout and stderr, keeping their write errors (files.StandardStreams says why)
        StandardStreams.install();
        ExitCleanup.register(() -> interrupted(args));
        int code = run(args);
        System.out.flush();
        code = outputWritten(code);
        finished = true;
        System.exit(code);
    }

    /**
     * {@code code}, or the file-error code when standard output could not be written (a full disk under a redirection):
     * before, the command said nothing and exited 0 with its output lost. A reader that stopped reading ({@code | head})
     * is no error.
     */
    private static int outputWritten(int code) {
        IOException failed = StandardStreams.outFailure();
        if (failed == null || StandardStreams.readerGone(failed)) {
            return code;
        }
        System.err.println("polycube: cannot write standard output: " + FileAccessException.reason(failed)
                + "; what was printed there is incomplete");
        return code == ExitCodes.OK ? ExitCodes.IO_ERROR : code;
    }

    /** Set when the command returned: an exit before that is a signal's (Ctrl-C, SIGTERM). */
    private static volatile boolean finished;

    /**
     * At exit ({@link ExitCleanup}, after the atomic writes' unfinished files are gone): when a signal ended the command
     * and no run of it says so itself, one line in place of its progress line, naming what it did not write. Without
     * it Ctrl-C during a long verify or convert ended in silence (and left the conversion's temporary file behind).
     */
    private static void interrupted(String[] args) {
        if (finished || Interrupts.reportedByRun()) {
            return;
        }
        java.util.List<java.nio.file.Path> unwritten = AtomicFiles.removeUnfinished();
        StatusLine.endForExit();
        String command = args.length > 0 && COMMANDS.stream().anyMatch(c -> c.getAnnotation(Command.class).name().equals(args[0]))
                ? args[0] : "polycube";
        System.err.println("polycube: interrupted; " + (unwritten.isEmpty() ? command + " stopped before it finished"
                : unwritten.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                + " not written (a file there before is unchanged)"));
        System.err.flush();
    }

    /** Runs the CLI and returns the exit code (tests call this). */
    public static int run(String... args) {
        StatusLine.commandStarted();
        // numbers as the English they stand in: "19,186" and "0.4s" in every locale (German made "19.186" and "0,4s",
        // Arabic its own digits, in messages that scripts read and in the title of a puzzle file generate writes)
        java.util.Locale.setDefault(java.util.Locale.Category.FORMAT, java.util.Locale.ROOT);
        try {
            return commandLine(Terminal.columns(), args).execute(args);
        } catch (OutOfMemoryError e) {
            return outOfResources("memory ran out (" + (Runtime.getRuntime().maxMemory() >> 20) + " MiB of heap): the input "
                    + "is too large for this run. Give Java more memory (POLYCUBE_JAVA_OPTS=-Xmx8g, say) or a smaller input");
        } catch (StackOverflowError e) {
            return outOfResources("the input is nested too deeply to read (its structure goes deeper than the stack allows)");
        }
    }

    /**
     * Memory or stack exhausted by an input: a sentence and exit 2, never a raw trace. The command's own
     * temporary files are already gone (atomic writes clean up on every way out).
     */
    private static int outOfResources(String message) {
        System.err.println("polycube: " + message);
        return ExitCodes.BAD_INPUT;
    }

    /** The narrowest help picocli lays out. */
    private static final int MIN_HELP_COLUMNS = 55;

    /** The configured command line (tests run it; the build generates completion and man pages from it). */
    static CommandLine commandLine() {
        return commandLine(Terminal.columns());
    }

    /** The command line with help laid out for {@code columns} (the terminal's, or 80 for man pages). */
    static CommandLine commandLine(int terminalColumns) {
        return commandLine(terminalColumns, new String[0]);
    }

    /**
     * The command line for {@code args}: when they start with a subcommand's name (not help's or completion's), only
     * that subcommand is modelled, since picocli builds every command's model by reflection before it parses
     * (about 0.2 s of each start); anything else (no command, a misspelt one, help, completion) gets them all.
     */
    static CommandLine commandLine(int terminalColumns, String[] args) {
        // picocli refuses to lay help out in fewer than 55 columns; a narrower terminal (a split pane) wraps its lines
        int columns = Math.max(MIN_HELP_COLUMNS, terminalColumns);
        // --help names this machine's core count; a man page, made on the build machine, does not
        if (!Dist.building()) {
            System.setProperty("polycube.threads.default", "all cores, " + dev.polycube.solve.Solver.Options.defaultThreads());
        }
        CommandLine cli = new CommandLine(new Main());
        Class<?> only = args.length == 0 ? null : COMMANDS.stream()
                .filter(c -> c != CommandLine.HelpCommand.class && c != CompletionCommand.class)
                .filter(c -> c.getAnnotation(Command.class).name().equals(args[0])).findFirst().orElse(null);
        for (Class<?> c : only != null ? List.of(only) : COMMANDS) {
            cli.addSubcommand(c);
        }
        // in the encoding of System.out and System.err (files.StandardStreams), not picocli's default, the locale's charset; set
        // once the subcommands are added (picocli hands the setting only to those it has)
        cli.setOut(new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardStreams.outCharset()), true));
        cli.setErr(new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardStreams.errCharset()), true));
        cli.setUsageHelpWidth(columns);
        cli.setUsageHelpLongOptionsMaxWidth(Math.max(20, Math.min(30, columns / 4)));
        // "@FILE" is ours to read (--units @FILE), never picocli's argument-file expansion
        cli.setExpandAtFiles(false);
        // the help texts are laid out when help is shown, not on every start (that costs about 25 ms)
        java.util.Set<CommandLine.Model.CommandSpec> laidOut = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        cli.setHelpFactory((spec, colours) -> {
            if (laidOut.add(spec)) {
                reflow(spec, columns);
            }
            return new CommandLine.Help(spec, colours);
        });
        cli.setExecutionExceptionHandler(Main::handle);
        cli.setParameterExceptionHandler((ex, a) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("polycube: " + message(ex));
            String hint = hint(ex);
            if (hint != null) {
                err.println(hint);
            }
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return ExitCodes.BAD_INPUT;
        });
        return cli;
    }

    /**
     * picocli's message, except for a word it could not place, which it calls "Unmatched argument at index N": where a
     * command belongs, an unknown command; after a command's arguments, one too many, with what the command takes.
     */
    private static String message(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()
                && !unmatched.getUnmatched().get(0).startsWith("-")) {
            String word = unmatched.getUnmatched().get(0);
            CommandLine.Model.CommandSpec spec = ex.getCommandLine().getCommandSpec();
            if (ex.getCommandLine().getParent() == null && !ex.getCommandLine().getSubcommands().isEmpty()) {
                return "unknown command '" + word + "'";
            }
            List<String> takes = spec.positionalParameters().stream().map(CommandLine.Model.PositionalParamSpec::paramLabel).toList();
            return "one argument too many: '" + word + "' (" + spec.qualifiedName() + " takes "
                    + (takes.isEmpty() ? "no arguments, only options" : String.join(" ", takes)) + ")";
        }
        return ex.getMessage();
    }

    /**
     * What the user most likely meant by arguments picocli could not place, or null: the commands or options spelt
     * nearly so ('slove', '--thread', '--count'), or, for a command that shows one solution, a bare number meant as its
     * index ('show FILE 5'). picocli works the near names out but prints them only from its own handler.
     */
    static String hint(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.MissingParameterException && ex.getCommandLine().getCommand() instanceof ResumeCommand) {
            return ResumeCommand.checkpointsNearby(java.nio.file.Path.of("").toAbsolutePath());
        }
        if (!(ex instanceof CommandLine.UnmatchedArgumentException unmatched)) {
            return null;
        }
        // picocli's nearest first, but near only by its own measure ('generate' for 'frobnicate')
        List<String> near = unmatched.getSuggestions();
        List<String> typed = unmatched.getUnmatched();
        String best = near.isEmpty() || typed.isEmpty() ? null : dev.polycube.puzzle.NearestName.of(typed.get(0), near);
        if (best != null) {
            return "Did you mean '" + best + "'?";
        }
        CommandLine.Model.CommandSpec spec = ex.getCommandLine().getCommandSpec();
        if (spec.findOption("--index") != null) {
            for (String a : unmatched.getUnmatched()) {
                if (a.matches("\\d{1,9}")) {
                    return "A solution is chosen with --index: " + spec.qualifiedName() + " ... --index " + a;
                }
            }
        }
        return null;
    }

    /**
     * Lays the hand-written help texts out for {@code columns}: prose lines (written about 100 wide) are joined
     * into paragraphs that picocli wraps at word boundaries; indented lines (examples, lists) stay lines, and an
     * example too wide for the terminal puts its comment on the next line instead of being cut mid-word.
     */
    private static void reflow(CommandLine.Model.CommandSpec spec, int columns) {
        var usage = spec.usageMessage();
        // a blank line and a heading between the description's examples and each list, which otherwise ran on from
        // the last example line (picocli prints a heading only above a list that has entries)
        usage.parameterListHeading("%nArguments:%n");
        usage.optionListHeading("%nOptions:%n");
        usage.commandListHeading("%nCommands:%n");
        usage.description(reflow(usage.description(), columns));
        usage.footer(reflow(usage.footer(), columns));
        // an option's description written as several hand-wrapped strings: one paragraph, wrapped to the width of
        // picocli's description column (its long-option column, set above, plus the short option, commas and gaps)
        int optionColumns = Math.max(20, columns - spec.usageMessage().longOptionsMaxWidth() - 8);
        for (CommandLine.Model.OptionSpec o : new java.util.ArrayList<>(spec.options())) {
            String[] d = o.description();
            String[] joined = reflow(d, optionColumns);
            if (!java.util.Arrays.equals(joined, d)) {
                spec.remove(o);
                spec.addOption(CommandLine.Model.OptionSpec.builder(o).description(joined).build());
            }
        }
    }

    /** "Examples:  polycube ...": a label, then verbatim text. */
    private static final java.util.regex.Pattern LABELLED = java.util.regex.Pattern.compile("[A-Z][\\w ]*:(\\s{2,}\\S|.*\\S.*  ).*");
    /** A verbatim line's indent and label ("Examples:  "), under which its continuation goes. */
    private static final java.util.regex.Pattern LEAD = java.util.regex.Pattern.compile("^(\\s*(?:[A-Z][\\w ]*:\\s+)?)");
    /** An option followed by its value, in an example. */
    private static final java.util.regex.Pattern OPTION_VALUE = java.util.regex.Pattern.compile("(\\s--?[A-Za-z][\\w-]*) (?=[^-\\s])");
    /** An example (indented, or after a label such as "Examples:") and, after two or more spaces, its comment. */
    private static final java.util.regex.Pattern EXAMPLE = java.util.regex.Pattern.compile(
            "^((\\s+|[A-Z][\\w ]*:\\s+)\\S.*?)\\s{2,}(\\S.*)$");

    static String[] reflow(String[] lines, int columns) {
        java.util.List<String> out = new java.util.ArrayList<>();
        java.util.BitSet paragraphs = new java.util.BitSet(); // which lines of out are joined prose
        boolean joinable = false;
        for (String line : lines) {
            boolean prose = !line.isBlank() && !line.startsWith(" ") && !LABELLED.matcher(line).matches();
            if (prose && joinable && !out.isEmpty()) {
                out.set(out.size() - 1, out.get(out.size() - 1) + " " + line.strip());
            } else if (prose) {
                paragraphs.set(out.size());
                out.add(line);
            } else if (line.length() > columns) {
                java.util.regex.Matcher m = EXAMPLE.matcher(line);
                if (m.matches() && m.group(1).length() <= columns) {
                    out.add(m.group(1)); // an example and its comment: the comment on the next line
                    out.add(" ".repeat(Math.min(columns / 2, m.group(2).length() + 4)) + m.group(3));
                } else {
                    out.addAll(wrap(line, columns));
                }
            } else {
                out.add(line);
            }
            joinable = prose; // a sentence may run on after a colon: only blank and indented lines end a paragraph
        }
        // paragraphs broken here, at spaces: picocli would also break after a dot inside a word ("NAME.", "txt")
        java.util.List<String> laidOut = new java.util.ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            laidOut.addAll(paragraphs.get(i) ? Format.wrapped(out.get(i), 0, columns - 1) : List.of(out.get(i)));
        }
        return laidOut.toArray(new String[0]);
    }

    /**
     * A verbatim line too wide for {@code columns}, broken at spaces; each continuation indented under the
     * text it continues (after a leading "Examples:" label, under the command).
     */
    private static List<String> wrap(String line, int columns) {
        java.util.regex.Matcher lead = LEAD.matcher(line);
        int indent = lead.find() ? Math.min(columns / 2, lead.group(1).length() + 4) : 4;
        // an option and its value stay on one line ("-o soma.txt", "--to kurowski"): joined by a NUL while wrapping
        String kept = OPTION_VALUE.matcher(line).replaceAll("$1\0");
        return Format.wrapped(kept, indent, columns).stream().map(l -> l.replace('\0', ' ')).toList();
    }

    /**
     * Exit codes by type, never by message: a {@link UserException} is the user's to fix (2 or 3, message
     * only); an I/O failure that escaped as a plain IOException still names its file (3); anything else is
     * a bug (4, with the stack trace).
     */
    private static int handle(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) throws Exception {
        PrintWriter err = cmd.getErr();
        if (ex instanceof UserException u) {
            err.println("polycube: " + dev.polycube.error.UserException.printable(u.getMessage()));
            return u.kind() == UserException.Kind.FILE ? ExitCodes.IO_ERROR : ExitCodes.BAD_INPUT;
        }
        if (ex instanceof CommandLine.ParameterException p) {
            err.println("polycube: " + p.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        if (ex instanceof java.nio.file.InvalidPathException bad) {
            // a name the locale's character set cannot hold: under the C locale Java 17 takes arguments and file names
            // as ASCII, and a letter such as 'ü' arrives as '?' (the launchers switch a C locale to C.UTF-8 where it exists)
            err.println("polycube: " + dev.polycube.error.UserException.printable("cannot use the name '" + bad.getInput() + "': "
                    + bad.getReason() + " (names are read in the locale's character set, " + System.getProperty("sun.jnu.encoding")
                    + "; under a UTF-8 locale, LANG=C.UTF-8 say, any name works)"));
            return ExitCodes.BAD_INPUT;
        }
        IOException io = ex instanceof IOException e ? e : ex instanceof UncheckedIOException u ? u.getCause() : null;
        if (io != null) {
            String file = io instanceof FileSystemException f && f.getFile() != null ? f.getFile() + ": " : "";
            err.println("polycube: file error: " + file + FileAccessException.reason(io));
            return ExitCodes.IO_ERROR;
        }
        err.println("polycube: internal error (please report): " + ex);
        ex.printStackTrace(err);
        return ExitCodes.INTERNAL;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** "polycube 0.2.0 (commit 1a2b3c4d5e)", from the manifest Maven wrote into the jar. */
    static String versionLine() {
        String version = System.getProperty("polycube.version", Main.class.getPackage().getImplementationVersion());
        if (version == null) {
            return "polycube (development build: classes not from the packaged jar)";
        }
        String commit = System.getProperty("polycube.commit", manifestValue("Polycube-Commit"));
        boolean dirty = "true".equals(manifestValue("Polycube-Dirty"));
        return "polycube " + version + (commit == null || commit.startsWith("${") ? ""
                : " (commit " + commit + (dirty ? ", with uncommitted changes" : "") + ")");
    }

    private static String manifestValue(String key) {
        try {
            var source = Main.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return null;
            }
            try (var jar = new java.util.jar.JarFile(java.nio.file.Path.of(source.getLocation().toURI()).toFile())) {
                var m = jar.getManifest();
                return m == null ? null : m.getMainAttributes().getValue(key);
            }
        } catch (java.io.IOException | java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** Reads the version Maven wrote into the jar manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {versionLine()};
        }
    }
}
