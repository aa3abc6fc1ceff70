"use client";

import { ProductForm, type ProductFormProps } from "@/components/items/product-form";

/** 'Inserimento servizio' / 'Modifica servizio' (also for the invoice row's service picker). */
export function ServiceForm(props: Omit<ProductFormProps, "kind">) {
  return <ProductForm kind="service" {...props} />;
}
