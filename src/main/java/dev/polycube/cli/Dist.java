package dev.polycube.cli;

import dev.polycube.files.AtomicFiles;
import java.nio.file.Path;
import java.util.Locale;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Build-time generator for the release archive (run by Maven in the package phase): bash/zsh completion
 * and one man page per command, both made from the same picocli model as {@code --help}, so they never
 * drift from the real options. Usage: {@code Dist OUTPUT-DIR}.
 */
public final class Dist {

    /** Set while the release files are made: help texts then state no facts of the build machine. */
    static final String DIST = "polycube.dist";
    /** The width man pages' preformatted text is laid out for. */
    static final int MAN_COLUMNS = 72;

    private Dist() {
    }

    /** True while making the release files (no "all cores, 2" from the build machine in a man page). */
    static boolean building() {
        return Boolean.getBoolean(DIST);
    }

    public static void main(String[] args) {
        Path out = Path.of(args[0]);
        if (args.length > 1) {
            System.setProperty("polycube.version", args[1]); // the release's, not "development build"
        }
        if (args.length > 2 && !args[2].startsWith("${")) {
            System.setProperty("polycube.commit", args[2]); // as the packaged jar's manifest records it
        }
        System.setProperty(DIST, "true");
        // man(1) indents a page's body by 7 columns: 72 wide, it fits an 80-column terminal
        CommandLine cli = Main.commandLine(MAN_COLUMNS);
        String script = completion(AutoComplete.bash("polycube", cli));
        AtomicFiles.write(out.resolve("bash-completion/polycube"), w -> w.write(script));
        writeManPage(out, cli, "polycube");
        for (var e : cli.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                writeManPage(out, e.getValue(), "polycube-" + e.getKey());
            }
        }
    }

    /**
     * picocli's completion script, changed in two ways: its commands no longer switch bash's file-name
     * fallback off ({@code compopt +o default}), and a command's arguments complete as files besides the
     * built-in names, so {@code polycube solve ex<Tab>} finds {@code examples/}.
     */
    static String completion(String script) {
        String s = script.replace("  type compopt &>/dev/null && compopt +o default\n", "");
        String positional = "    COMPREPLY=( $(compgen -W \"${commands// /$'\\n'}${IFS}${positionals}\" -- \"${curr_word}\") )\n";
        StringBuilder out = new StringBuilder();
        String function = "";
        for (String line : s.split("(?<=\n)")) {
            if (line.startsWith("function _picocli_")) {
                function = line;
            }
            out.append(line);
            boolean takesFiles = !function.startsWith("function _picocli_polycube()")
                    && !function.contains("_help()") && !function.contains("_list()") && !function.contains("_generate-completion()");
            if (line.equals(positional) && takesFiles) {
                out.append("    type compopt &>/dev/null && compopt -o filenames\n");
                out.append("    COMPREPLY+=( $(compgen -f -- \"${curr_word}\") )\n");
            }
        }
        if (out.toString().contains("compopt +o default")) {
            throw new IllegalStateException("picocli's completion script changed: compopt +o default still there");
        }
        return out.toString();
    }

    /** A man page whose body is the command's --help text, preformatted. */
    private static void writeManPage(Path out, CommandLine cmd, String name) {
        String version = Main.versionLine();
        String header = String.join(" ", cmd.getCommandSpec().usageMessage().header());
        if (header.isBlank()) {
            header = String.join(" ", cmd.getCommandSpec().usageMessage().description()).split("\\. ")[0];
        }
        String usage = cmd.getUsageMessage(CommandLine.Help.Ansi.OFF);
        StringBuilder roff = new StringBuilder();
        roff.append(".TH ").append(name.toUpperCase(Locale.ROOT)).append(" 1 \"\" \"").append(escape(version))
                .append("\" \"polycube manual\"\n");
        roff.append(".SH NAME\n").append(name.replace("-", "\\-")).append(" \\- ").append(escape(header)).append('\n');
        roff.append(".SH DESCRIPTION\n.nf\n");
        for (String line : usage.split("\n")) {
            roff.append(escape(line)).append('\n');
        }
        roff.append(".fi\n.SH SEE ALSO\npolycube(1), and README.md and docs/ in the release archive\n");
        AtomicFiles.write(out.resolve("man/man1/" + name + ".1"), w -> w.write(roff.toString()));
    }

    private static String escape(String line) {
        String s = line.replace("\\", "\\e");
        return s.startsWith(".") || s.startsWith("'") ? "\\&" + s : s;
    }
}
