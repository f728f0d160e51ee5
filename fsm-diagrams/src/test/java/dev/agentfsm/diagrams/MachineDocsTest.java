package dev.agentfsm.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

class MachineDocsTest {

    @TempDir
    Path temp;

    private Path models;
    private Path out;
    private Path docs;

    @BeforeEach
    void copyTheModel() throws IOException {
        models = Files.createDirectories(temp.resolve("classes/META-INF/agentfsm"));
        out = models;
        docs = temp.resolve("docs/machines");
        for (String file : List.of("example.Desk.yaml", "example.Desk.md")) {
            Files.copy(Models.directory().resolve(file), models.resolve(file));
        }
    }

    @Test
    void drawsEachMachineOnceAndSkipsItWhileItsModelIsUnchanged() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        assertEquals(new MachineDocs.Drawn(List.of("example.Desk"), List.of()), machines.drawDiagrams(out, 2));
        Path svg = out.resolve("example.Desk.svg");
        assertEquals(SvgRendererTest.render(Models.desk()), Files.readString(svg));
        FileTime drawn = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(svg, drawn);

        assertEquals(
                new MachineDocs.Drawn(List.of(), List.of("example.Desk")),
                MachineDocs.read(models).drawDiagrams(out, 2));
        assertEquals(drawn, Files.getLastModifiedTime(svg), "an unchanged model's SVG is not written again");

        Path model = models.resolve("example.Desk.yaml");
        Files.writeString(model, Files.readString(model).replace("Record the error", "Record the error and why"));
        assertEquals(
                List.of("example.Desk"),
                MachineDocs.read(models).drawDiagrams(out, 2).drawn());
        assertTrue(Files.readString(svg).contains(">Record the error and why</text>"));
    }

    @Test
    void writesThePagesAndSvgsAndRemovesTheOrphans() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.drawDiagrams(out, 1);
        Files.createDirectories(docs);
        Files.writeString(docs.resolve("example.Gone.md"), "a renamed machine's page");
        Files.writeString(docs.resolve("example.Gone.svg"), "<svg/>");
        Files.writeString(docs.resolve("notes.txt"), "not a machine page: left alone");

        MachineDocs.DocsUpdate update = machines.writeDocs(docs, out, 1);
        assertEquals(List.of(docs.resolve("example.Desk.md"), docs.resolve("example.Desk.svg")), update.written());
        assertEquals(List.of(docs.resolve("example.Gone.md"), docs.resolve("example.Gone.svg")), update.removed());
        assertEquals(
                Files.readString(models.resolve("example.Desk.md")), Files.readString(docs.resolve("example.Desk.md")));
        assertEquals(
                Files.readString(out.resolve("example.Desk.svg")), Files.readString(docs.resolve("example.Desk.svg")));
        assertTrue(Files.exists(docs.resolve("notes.txt")));
        assertEquals(List.of(), machines.check(docs));

        assertEquals(new MachineDocs.DocsUpdate(List.of(), List.of()), machines.writeDocs(docs, out, 1));
    }

    @Test
    void anSvgCheckedOutWithCrLfIsCurrentForTheCheckAndForTheDocsGoalAlike() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, out, 1);
        Path svg = docs.resolve("example.Desk.svg");
        String crlf = Files.readString(svg).replace("\n", "\r\n");
        Files.writeString(svg, crlf);
        Files.writeString(out.resolve("example.Desk.svg"), "<svg/>"); // the build's copy is no help

        assertEquals(List.of(), machines.check(docs));
        assertEquals(
                List.of(), machines.writeDocs(docs, out, 1).written(), "a current SVG is not drawn or written again");
        assertEquals(crlf, Files.readString(svg));
    }

    @Test
    void aPageOrSvgThatIsNotUtf8IsStaleAndTheDocsGoalRewritesIt() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, out, 1);
        // saved by an editor in UTF-16, or in Latin-1 with an accent
        Path svg = docs.resolve("example.Desk.svg");
        Files.writeString(svg, Files.readString(svg), StandardCharsets.UTF_16);
        Path page = docs.resolve("example.Desk.md");
        Files.writeString(page, Files.readString(page) + "Révision\n", StandardCharsets.ISO_8859_1);

        assertEquals(
                List.of(page, svg),
                machines.check(docs).stream().map(MachineDocs.Stale::file).toList());
        assertEquals(List.of(page, svg), machines.writeDocs(docs, out, 1).written());
        assertEquals(List.of(), machines.check(docs));
    }

    @Test
    void aModelThatIsNotUtf8IsReportedWithItsFile() throws IOException {
        Path model = models.resolve("example.Desk.yaml");
        Files.writeString(model, Files.readString(model) + "# Révision\n", StandardCharsets.ISO_8859_1);
        ModelException e = assertThrows(ModelException.class, () -> MachineDocs.read(models));
        assertEquals(model, e.file());
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
    }

    @Test
    void theCheckNamesEveryStaleMissingAndOrphanedFileWithoutDrawing() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        assertEquals(
                List.of(
                        new MachineDocs.Stale(docs.resolve("example.Desk.md"), "missing"),
                        new MachineDocs.Stale(docs.resolve("example.Desk.svg"), "missing")),
                machines.check(docs));

        Files.createDirectories(docs);
        Files.writeString(docs.resolve("example.Desk.md"), "# Desk\n\nan older page\n");
        Files.writeString(docs.resolve("example.Desk.svg"), "<!-- agentfsm-svg 0000 elk 0 r0 -->\n<svg/>\n");
        Files.writeString(docs.resolve("example.Gone.svg"), "<svg/>");
        List<MachineDocs.Stale> stale = machines.check(docs);
        assertEquals(
                List.of(
                        docs.resolve("example.Desk.md"),
                        docs.resolve("example.Desk.svg"),
                        docs.resolve("example.Gone.svg")),
                stale.stream().map(MachineDocs.Stale::file).toList());
        assertTrue(
                stale.get(0).problem().startsWith("out of date: Desk changed"),
                stale.get(0).problem());
        assertTrue(
                stale.get(1).problem().startsWith("out of date: drawn from another model of Desk"),
                stale.get(1).problem());
        assertEquals(
                "belongs to no machine of this build (renamed or removed?)",
                stale.get(2).problem());
        assertTrue(Files.notExists(out.resolve("example.Desk.svg")), "the check draws nothing");

        // only the first line of an SVG counts, and Windows line ends do not
        Files.writeString(
                docs.resolve("example.Desk.md"),
                Files.readString(models.resolve("example.Desk.md")).replace("\n", "\r\n"));
        Files.writeString(
                docs.resolve("example.Desk.svg"), Models.desk().fingerprint() + "\r\n<svg>drawn elsewhere</svg>\n");
        Files.delete(docs.resolve("example.Gone.svg"));
        assertEquals(List.of(), machines.check(docs));
    }

    @Test
    void aModuleWithoutModelsHasNothingToDrawButItsLeftoverPagesAreOrphans() throws Exception {
        MachineDocs none = MachineDocs.read(temp.resolve("no/such/dir"));
        assertEquals(List.of(), none.models());
        assertEquals(new MachineDocs.Drawn(List.of(), List.of()), none.drawDiagrams(out.resolve("x"), 2));
        Files.createDirectories(docs);
        Files.writeString(docs.resolve("old.Machine.md"), "left over");
        assertEquals(
                List.of(new MachineDocs.Stale(
                        docs.resolve("old.Machine.md"), "belongs to no machine of this build (renamed or removed?)")),
                none.check(docs));
    }

    @Test
    void aFileWhereADirectoryShouldBeIsNamed() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        Path file = Files.writeString(temp.resolve("a-file"), "not a directory");
        List<Executable> calls = List.of(
                () -> MachineDocs.read(file),
                () -> machines.drawDiagrams(file, 1),
                () -> machines.writeDocs(file, out, 1),
                () -> machines.check(file));
        for (Executable call : calls) {
            FileSystemException e = assertThrows(FileSystemException.class, call);
            assertEquals(file + ": a file, not a directory; move it away or name a directory", e.getMessage());
        }
        assertEquals("not a directory", Files.readString(file));
    }

    @Test
    void aBrokenModelIsReportedWithItsFileAndLine() throws IOException {
        Files.writeString(
                models.resolve("example.Broken.yaml"),
                "machine: Broken\ninitial: A\nstates: {}\n",
                StandardCharsets.UTF_8);
        ModelException e = assertThrows(ModelException.class, () -> MachineDocs.read(models));
        assertEquals(models.resolve("example.Broken.yaml"), e.file());
        assertEquals(3, e.line());
    }

    @Test
    void aModelWithoutItsPageSaysWhatToDo() throws Exception {
        Files.delete(models.resolve("example.Desk.md"));
        NoSuchFileException e = assertThrows(
                NoSuchFileException.class, () -> MachineDocs.read(models).check(docs));
        assertTrue(e.getMessage().contains("the processor writes a page beside every model"), e.getMessage());
    }

    @Test
    void aLargeMachineIsDrawnAsANarrowColumn() throws Exception {
        ModelFile chain = Models.parse("bench.Chain", Models.chain(200));
        org.w3c.dom.Document svg = SvgRendererTest.parse(SvgRendererTest.render(chain));
        assertTrue(svg.getElementsByTagName("rect").getLength() > 200);
        double width = Double.parseDouble(svg.getDocumentElement().getAttribute("width"));
        assertTrue(width < 800, "a chain of 200 states drifted sideways: " + width + " px wide");
    }
}
