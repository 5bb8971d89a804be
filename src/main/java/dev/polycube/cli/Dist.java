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

    private Dist() {
    }

    public static void main(String[] args) {
        Path out = Path.of(args[0]);
        CommandLine cli = Main.commandLine();
        String script = AutoComplete.bash("polycube", cli);
        AtomicFiles.write(out.resolve("bash-completion/polycube"), w -> w.write(script));
        writeManPage(out, cli, "polycube");
        for (var e : cli.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                writeManPage(out, e.getValue(), "polycube-" + e.getKey());
            }
        }
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
        roff.append(".TH ").append(name.toUpperCase(Locale.ROOT)).append(" 1 \"\" \"").append(version)
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
