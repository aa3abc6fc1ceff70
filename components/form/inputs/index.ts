export { MoneyInput, type MoneyInputProps } from "./money-input";
export { DecimalInput, type DecimalInputProps } from "./decimal-input";
export { IntegerInput, type IntegerInputProps } from "./integer-input";
export { DateInput, type DateInputProps } from "./date-input";
export { TimeInput, type TimeInputProps } from "./time-input";
export { AjaxSelect, type AjaxSelectProps, type SelectableEntity } from "./ajax-select";
export { ColorField, type ColorFieldProps } from "./color-field";
export { ImageField, type ImageFieldProps } from "./image-field";
export { FileList, newAttachmentBlobs, attachmentsForJson, type AttachmentItem, type FileListProps } from "./file-list";
