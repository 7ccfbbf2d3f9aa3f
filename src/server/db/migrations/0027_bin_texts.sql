-- A bin's description per language (docs/api.md, Return bins and the map): a Canadian bin in English
-- and in French. GET /bins answers the request's language, else the bin's own details.
CREATE TABLE "bin_texts" (
	"bin_id" text NOT NULL,
	"language" text NOT NULL,
	"details" text NOT NULL,
	CONSTRAINT "bin_texts_bin_id_language_pk" PRIMARY KEY("bin_id","language"),
	CONSTRAINT "bin_texts_language_valid" CHECK ("bin_texts"."language" in ('en', 'fr', 'ja')),
	CONSTRAINT "bin_texts_details_length" CHECK (char_length("bin_texts"."details") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "bin_texts" ADD CONSTRAINT "bin_texts_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE cascade ON UPDATE no action;