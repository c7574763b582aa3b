import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import {
  LEGAL_KIND_LABELS,
  LEGAL_KINDS,
  LEGAL_LIMITS,
  LEGAL_STATES,
  LEGAL_TOPIC_LABELS,
  LEGAL_TOPICS,
  stateLabel,
} from "@domain/legal/resources";
import { TextareaField } from "~/components/onboarding/textarea-field";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";

/** A resource's content fields: the submission form, an edit of one, and a revision (without Kind). */
export function LegalResourceFields({
  fields,
}: {
  fields: {
    title: FieldMetadata<string>;
    kind?: FieldMetadata<string>;
    state: FieldMetadata<string>;
    topic: FieldMetadata<string>;
    summary: FieldMetadata<string>;
    body: FieldMetadata<string>;
  };
}) {
  return (
    <>
      <Field
        label="Title"
        {...getInputProps(fields.title, { type: "text" })}
        errors={fields.title.errors}
        maxLength={LEGAL_LIMITS.titleMax}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {fields.kind ? (
          <SelectField
            label="Kind"
            {...getSelectProps(fields.kind)}
            errors={fields.kind.errors}
            options={LEGAL_KINDS.map((k) => ({ value: k, label: LEGAL_KIND_LABELS[k] }))}
          />
        ) : null}
        <SelectField
          label="State"
          {...getSelectProps(fields.state)}
          errors={fields.state.errors}
          options={LEGAL_STATES.map((st) => ({ value: st, label: stateLabel(st) }))}
        />
        <SelectField
          label="Topic"
          {...getSelectProps(fields.topic)}
          errors={fields.topic.errors}
          placeholder="Choose a topic"
          options={LEGAL_TOPICS.map((t) => ({ value: t, label: LEGAL_TOPIC_LABELS[t] }))}
        />
      </div>
      <TextareaField
        label="Summary"
        {...getTextareaProps(fields.summary)}
        errors={fields.summary.errors}
        rows={2}
        maxLength={LEGAL_LIMITS.summaryMax}
      />
      <TextareaField
        label="Content (Markdown)"
        {...getTextareaProps(fields.body)}
        errors={fields.body.errors}
        rows={14}
        maxLength={LEGAL_LIMITS.bodyMax}
      />
    </>
  );
}
