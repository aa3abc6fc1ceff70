"use client";

import { ProductForm, type ProductFormProps } from "./product-form";

/** 'Inserimento prodotto' / 'Modifica prodotto' (also for the invoice row's product picker). */
export function ItemForm(props: Omit<ProductFormProps, "kind">) {
  return <ProductForm kind="item" {...props} />;
}
